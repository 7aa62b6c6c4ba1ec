package io.channelpilot.poll;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * Task output at {@code $.poll}: {@code {status, channelArn, reads, stateInfo?}}; {@code status} is ACTIVE or
 * DELETED, {@code reads} the DescribeChannel calls this invocation made.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
record PollResult(String status, String channelArn, int reads, StateInfo stateInfo) {

    public record StateInfo(String code, String message) {
    }
}

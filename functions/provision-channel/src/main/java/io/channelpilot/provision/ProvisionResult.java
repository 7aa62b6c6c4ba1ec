package io.channelpilot.provision;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.channelpilot.gateway.GrantGateway.GrantState;
import java.util.List;

/**
 * Task output, stored by the state machine at {@code $.provision} (or {@code $.replaced}) and read by poll-channel
 * and notify: {@code {action, channelArn, channelName, clusterArn, adopted, logGroup, alarms[], grants[],
 * clusterOperationArn?}}. {@code channelArn} is "" when a DELETE found nothing to delete.
 */
record ProvisionResult(ProvisionAction action, String channelArn, String channelName, String clusterArn,
                              boolean adopted, String logGroup, List<String> alarms, List<GrantState> grants,
                              @JsonInclude(JsonInclude.Include.NON_EMPTY) String clusterOperationArn) {

    public ProvisionResult {
        channelArn = channelArn == null ? "" : channelArn;
        logGroup = logGroup == null ? "" : logGroup;
        alarms = List.copyOf(alarms);
        grants = List.copyOf(grants);
        clusterOperationArn = clusterOperationArn == null ? "" : clusterOperationArn;
    }

    /** The EMF metric this result counts one of. */
    String metricName() {
        return switch (action) {
            case CREATE -> adopted ? "ChannelsAdopted" : "ChannelsCreated";
            case UPDATE_FRESHNESS -> "ChannelsUpdated";
            case DELETE, DELETE_REPLACED -> "ChannelsDeleted";
            case RELEASE -> "ChannelsReleased";
        };
    }
}

package io.channelpilot.poll;

import io.channelpilot.gateway.ChannelGateway.ChannelDescription;

/** One DescribeChannel answer: the channel, or NotFound. */
public sealed interface ChannelRead permits ChannelRead.Found, ChannelRead.Missing {

    record Found(ChannelDescription channel) implements ChannelRead {
    }

    record Missing() implements ChannelRead {
    }

    default boolean hasStatus(String... statuses) {
        if (this instanceof Found found) {
            for (String s : statuses) {
                if (s.equals(found.channel().status())) {
                    return true;
                }
            }
        }
        return false;
    }

    default String status() {
        return this instanceof Found found ? found.channel().status() : "NOT_FOUND";
    }
}

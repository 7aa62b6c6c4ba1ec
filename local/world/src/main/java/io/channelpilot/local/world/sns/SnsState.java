package io.channelpilot.local.world.sns;

import io.channelpilot.local.world.http.AwsServiceError;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** All SNS state of the world; guarded by synchronizing on this object. */
final class SnsState {

    final String account;
    final String region;
    final Map<String, Topic> topics = new TreeMap<>();
    final Map<String, Subscription> subscriptions = new LinkedHashMap<>();
    final List<PublishedMessage> published = new ArrayList<>();
    long sequence;

    SnsState(String account, String region) {
        this.account = account;
        this.region = region;
    }

    Topic topic(String arn) {
        Topic t = arn == null ? null : topics.get(arn);
        if (t == null) {
            throw new AwsServiceError(404, "NotFound", "Topic does not exist");
        }
        return t;
    }

    String topicArn(String name) {
        return "arn:aws:sns:" + region + ":" + account + ":" + name;
    }
}

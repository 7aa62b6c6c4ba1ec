package io.channelpilot.alarm;

import io.channelpilot.model.NameScope;
import io.channelpilot.store.ChannelKey;
import io.channelpilot.store.ChannelStatus;
import io.channelpilot.store.RecordedAlarm;
import io.channelpilot.store.StatusStore;
import java.util.Optional;
import io.channelpilot.alarm.gateway.AlarmPorts;

/**
 * Alarm identity (docs/runbook.md#alarm-identity): respond-to-alarm acts only on an alarm Channel Pilot created for
 * that channel on that cluster. The event's cluster (by name, MSK) and channel select the status provisioning wrote;
 * the alarm must be one it recorded there, with the same name, ARN, namespace ({@code AWS/Kafka}), metric and
 * dimensions. Anything else — an alarm named like ours in another namespace, one naming another cluster's channel, one
 * about a channel we never made — is refused with a code, before any read of the DLQ, any write and any notification.
 *
 * <p>A channel provisioned before alarms were recorded has a status with a desired spec but no alarms: its alarms
 * were made by the then rule ({@link NameScope#CHANNEL}), which is derived here from the same recorded facts.
 */
final class AlarmIdentity {

    private final AlarmPorts.Msk msk;
    private final StatusStore store;

    AlarmIdentity(AlarmPorts.Msk msk, StatusStore store) {
        this.msk = msk;
        this.store = store;
    }

    /** The recorded channel the alarm belongs to, or why it belongs to none. */
    sealed interface Verdict permits Verdict.Ours, Verdict.Refused {
        record Ours(String clusterArn, ChannelStatus status) implements Verdict {
        }

        record Refused(String code, String message) implements Verdict {
        }
    }

    Verdict verify(AlarmEvent e) {
        Optional<String> clusterArn = msk.clusterArn(e.clusterName());
        if (clusterArn.isEmpty()) {
            return notRecorded(e, "no cluster named " + e.clusterName());
        }
        Optional<ChannelStatus> status = store.find(new ChannelKey(clusterArn.get(), e.channelName()));
        if (status.isEmpty()) {
            return notRecorded(e, "no channel " + e.channelName() + " was provisioned on cluster " + e.clusterName());
        }
        Optional<RecordedAlarm> recorded = status.get().alarm(e.alarmName());
        if (recorded.isEmpty() && status.get().alarms().isEmpty() && !status.get().desiredJson().isEmpty()) {
            recorded = legacy(clusterArn.get(), status.get(), e.alarmName());
        }
        if (recorded.isEmpty()) {
            return notRecorded(e, "channel " + e.channelName() + " on cluster " + e.clusterName() + " has no alarm of that name");
        }
        Optional<String> differs = difference(recorded.get(), e);
        if (differs.isPresent()) {
            return new Verdict.Refused("ALARM_IDENTITY_MISMATCH", "alarm '" + e.alarmName() + "' does not match the alarm "
                    + "Channel Pilot created for channel " + e.channelName() + " on cluster " + e.clusterName() + ": " + differs.get());
        }
        return new Verdict.Ours(clusterArn.get(), status.get());
    }

    private static Verdict notRecorded(AlarmEvent e, String why) {
        return new Verdict.Refused("ALARM_NOT_RECORDED", "alarm '" + e.alarmName() + "' is not one Channel Pilot created: " + why);
    }

    /** The first field that differs, in words (values are our names or the event's, capped by the parser). */
    private static Optional<String> difference(RecordedAlarm recorded, AlarmEvent e) {
        if (!e.alarmArn().isEmpty() && !recorded.arn().isEmpty() && !recorded.arn().equals(e.alarmArn())) {
            return Optional.of("resources[0] is " + e.alarmArn() + ", not " + recorded.arn());
        }
        if (!recorded.namespace().equals(e.namespace())) {
            return Optional.of("metric namespace is '" + e.namespace() + "', not " + recorded.namespace());
        }
        if (!recorded.metric().equals(e.metricName())) {
            return Optional.of("metric is '" + e.metricName() + "', not " + recorded.metric());
        }
        if (!recorded.dimensions().equals(e.dimensions())) {
            return Optional.of("dimensions are " + e.dimensions() + ", not " + recorded.dimensions());
        }
        return Optional.empty();
    }

    /** What the channel-only name rule made for this channel's metric of that name (channels provisioned before records). */
    private static Optional<RecordedAlarm> legacy(String clusterArn, ChannelStatus status, String alarmName) {
        return RecordedAlarm.standard(clusterArn, status.key().channelName(), status.topic(), NameScope.CHANNEL).stream()
                .filter(a -> a.name().equals(alarmName)).findFirst();
    }
}

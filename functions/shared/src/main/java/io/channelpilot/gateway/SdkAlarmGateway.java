package io.channelpilot.gateway;

import java.util.List;
import java.util.Objects;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.cloudwatch.CloudWatchClient;
import software.amazon.awssdk.services.cloudwatch.model.DeleteAlarmsRequest;
import software.amazon.awssdk.services.cloudwatch.model.Dimension;
import software.amazon.awssdk.services.cloudwatch.model.PutMetricAlarmRequest;

/**
 * {@link AlarmGateway} over CloudWatch (Smithy RPCv2 CBOR in SDK 2.57, stack pitfall P3). DeleteAlarms takes at most
 * 100 names per call; a name that does not exist (ResourceNotFound) is not a failure.
 */
public final class SdkAlarmGateway implements AlarmGateway {

    private static final String SERVICE = "cloudwatch";
    private static final int DELETE_BATCH = 100;

    private final CloudWatchClient cloudWatch;

    public SdkAlarmGateway(CloudWatchClient cloudWatch) {
        this.cloudWatch = Objects.requireNonNull(cloudWatch, "cloudWatch");
    }

    @Override
    public void put(AlarmSpec alarm) {
        List<Dimension> dimensions = alarm.dimensions().entrySet().stream()
                .map(e -> Dimension.builder().name(e.getKey()).value(e.getValue()).build()).toList();
        AwsErrors.run(SERVICE, "PutMetricAlarm", "cloudwatch:PutMetricAlarm on alarm:channel-pilot-*",
                () -> cloudWatch.putMetricAlarm(PutMetricAlarmRequest.builder().alarmName(alarm.name())
                        .alarmDescription(alarm.description())
                        .namespace(alarm.namespace())
                        .metricName(alarm.metricName())
                        .dimensions(dimensions)
                        .statistic(alarm.statistic())
                        .period(alarm.periodSeconds())
                        .evaluationPeriods(alarm.evaluationPeriods())
                        .datapointsToAlarm(alarm.datapointsToAlarm())
                        .threshold(alarm.threshold())
                        .comparisonOperator(alarm.comparison())
                        .treatMissingData(alarm.treatMissingData()).build()));
    }

    @Override
    public void delete(List<String> names) {
        for (int from = 0; from < names.size(); from += DELETE_BATCH) {
            List<String> batch = names.subList(from, Math.min(names.size(), from + DELETE_BATCH));
            if (!deleteTolerant(batch) && batch.size() > 1) {
                // The API reference says the existing names are still deleted when some are missing, but "other
                // errors might result in no alarms being deleted" (and emulators differ): retry one by one.
                batch.forEach(name -> deleteTolerant(List.of(name)));
            }
        }
    }

    /** @return false when CloudWatch answered ResourceNotFound (some name did not exist) */
    private boolean deleteTolerant(List<String> batch) {
        return AwsErrors.call(SERVICE, "DeleteAlarms", "cloudwatch:DeleteAlarms on alarm:channel-pilot-*", () -> {
            try {
                cloudWatch.deleteAlarms(DeleteAlarmsRequest.builder().alarmNames(batch).build());
                return true;
            } catch (SdkException e) {
                if (AwsErrors.hasCode(e, "ResourceNotFound") || AwsErrors.hasCode(e, "ResourceNotFoundException")) {
                    return false;
                }
                throw e;
            }
        });
    }
}

package io.channelpilot.reconcile;

/** Stable codes of the reconcile sweep; each has a remediation. */
public enum ReconcileErrorCode {
    INPUT_NOT_OBJECT("Send {\"source\":\"channel-pilot.reconcile\",\"sweepId\"?:..,\"clusterArn\"?:..} or the schedule's event."),
    INPUT_SOURCE_UNKNOWN("Invoke with source channel-pilot.reconcile, or route only the ReconcileSchedule rule here."),
    INPUT_FIELD_INVALID("Fix the named field: clusterArn = arn:aws:kafka:<region>:<account>:cluster/<name>/<uuid>; sweepId = 1-64 of [A-Za-z0-9_.:-]."),
    CLUSTER_NOT_ALLOWED("Add the cluster to the AllowedClusters stack parameter, or sweep an allowed cluster."),
    CLUSTER_READ_FAILED("Check the reconcile role's kafka:List*/DescribeChannel permissions and the cluster; the next sweep retries."),
    CLUSTER_THROTTLED("Nothing to do: MSK, the status table or SNS throttled (or answered 5xx) after the SDK's retries; the next sweep (ReconcileSchedule) converges."),
    CLUSTER_SWEEP_FAILED("Check the named service and error code (the reconcile role's DynamoDB/SNS/EventBridge permissions, the status table); the next sweep retries."),
    EXECUTION_START_FAILED("Check the reconcile role's states:StartExecution on the provisioning state machine; the next sweep retries.");

    private final String remediation;

    ReconcileErrorCode(String remediation) {
        this.remediation = remediation;
    }

    public String remediation() {
        return remediation;
    }
}

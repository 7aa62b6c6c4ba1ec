package io.channelpilot.local.sfn.exec;

/** DescribeExecution status values. */
public enum ExecutionStatus { RUNNING, SUCCEEDED, FAILED, TIMED_OUT, ABORTED }

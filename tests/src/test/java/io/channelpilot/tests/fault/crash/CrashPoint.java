package io.channelpilot.tests.fault.crash;

/**
 * One mutating call of a clean run, by identity: the function that made it, the operation ("DynamoDb:UpdateItem",
 * "Kafka:Produce") and its occurrence among that function's calls of that operation in the run (1-based). The same
 * identity names the same call in a rerun, because runs are deterministic up to the crash.
 */
public record CrashPoint(String scenario, int index, String function, String operation, int occurrence) {

    boolean sameCall(String fn, String op, int n) {
        return function.equals(fn) && operation.equals(op) && occurrence == n;
    }

    @Override
    public String toString() {
        return scenario + "#" + index + " " + operation + (occurrence > 1 ? "#" + occurrence : "") + " (" + function + ")";
    }
}

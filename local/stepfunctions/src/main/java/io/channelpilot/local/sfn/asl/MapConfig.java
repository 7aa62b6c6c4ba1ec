package io.channelpilot.local.sfn.asl;

/**
 * The Map-specific fields. Null means absent for every reference field; {@code maxConcurrency == 0} means "no limit"
 * ("The default value is 0, which places no limit on parallelism").
 */
public record MapConfig(Program processor, boolean distributed, String itemsPath, PayloadTemplate itemSelector,
        int maxConcurrency, String maxConcurrencyPath, ItemReader itemReader, ItemBatcher itemBatcher,
        Tolerance tolerance, String label) {

    /** ItemReader: only {@code arn:aws:states:::s3:listObjectsV2}; {@code maxItems == 0} means all. */
    public record ItemReader(String resource, PayloadTemplate parameters, int maxItems) {
    }

    /** ItemBatcher; zero means "not set" for the two limits, {@code batchInput} null when absent. */
    public record ItemBatcher(int maxItemsPerBatch, int maxInputBytesPerBatch, PayloadTemplate batchInput) {
    }

    /** ToleratedFailurePercentage/Count and their Path forms; null when absent (tolerance 0). */
    public record Tolerance(Double percentage, String percentagePath, Integer count, String countPath) {
        public static final Tolerance NONE = new Tolerance(null, null, null, null);
    }
}

package io.channelpilot.conformance;

import java.util.Map;
import java.util.Objects;

/**
 * Outcome of conforming one record: the Iceberg row, or why the record goes to the DLQ. A rejection names the JSON
 * pointer and JSON types only — never a value — so it is safe for logs, DLQ context and notifications.
 */
public sealed interface ConformanceResult {

    boolean isConformed();

    /**
     * The row as Iceberg's generic data model takes it: column name → value, in schema order, with null for absent
     * optional columns. Values: String, OffsetDateTime (UTC), LocalDate, LocalTime, UUID, ByteBuffer, Integer, Long,
     * BigDecimal (with the column's scale), Double, Boolean, LinkedHashMap for structs and maps, List for lists.
     */
    record Conformed(Map<String, Object> row) implements ConformanceResult {
        public Conformed {
            Objects.requireNonNull(row, "row");
        }

        public boolean isConformed() {
            return true;
        }
    }

    /**
     * @param pointer  JSON pointer of the offending location in the record ("" for the whole record)
     * @param expected what the schema wants there, e.g. {@code string (timestamptz)}
     * @param actual   the JSON type found ({@code integer}, {@code null}, {@code missing}, ...), never the value
     */
    record Rejected(ConformanceCode code, String pointer, String expected, String actual, String message)
            implements ConformanceResult {
        public Rejected {
            Objects.requireNonNull(code, "code");
            Objects.requireNonNull(pointer, "pointer");
            Objects.requireNonNull(expected, "expected");
            Objects.requireNonNull(actual, "actual");
            Objects.requireNonNull(message, "message");
        }

        public boolean isConformed() {
            return false;
        }

        public String remediation() {
            return code.remediation();
        }
    }
}

package io.channelpilot.plan;

import io.channelpilot.model.AsciiNumbers;
import io.channelpilot.model.ChannelNames;
import io.channelpilot.model.ChannelSpec;
import io.channelpilot.model.Infrastructure;
import io.channelpilot.model.S3TablesNames;
import io.channelpilot.model.StackSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Table generations of one logical table (issue 7): a channel always creates its own table and cannot write into an
 * existing one (reference §4), so when no channel serves a rule but the rule's table already exists — the channel was
 * deleted out of band after it delivered, or the rule was removed and added again — the new channel moves to the next
 * generation: generation 1 is the rule's table {@code <table>}, generation n ≥ 2 is {@code <table>_v<n>}.
 *
 * <p>The generation chosen is the first one whose table does not exist, so it is derived from state alone (never
 * random, never a counter that a lost write could skip): repeated sweeps and duplicate events pick the same name, hence
 * the same deterministic channel name (DESIGN §4), and collapse on it. Once the new channel exists it is matched by its
 * logical {@code channel-pilot/table-key} tag and recognised by the fingerprint of its generation's spec, so the next
 * sweep plans it IN_SYNC instead of moving again. A table that does not exist (never delivered, or deleted by its
 * owner) is reused.
 */
public final class TableGenerations {

    /** Generations probed at most; beyond this the planner stops guessing and leaves the refusal to validation. */
    public static final int MAX_GENERATION = 50;

    private TableGenerations() {
    }

    /** The physical table of generation {@code n} of {@code table}, within the 255-character limit. */
    public static String name(String table, int generation) {
        if (generation <= 1) {
            return table;
        }
        String suffix = "_v" + generation;
        String base = table.length() + suffix.length() > S3TablesNames.MAX_LENGTH
                ? table.substring(0, S3TablesNames.MAX_LENGTH - suffix.length()) : table;
        return base + suffix;
    }

    /** Which generation of {@code logicalTable} the physical table is (1 when equal), if it is one. */
    public static OptionalInt generationOf(String logicalTable, String physicalTable) {
        if (logicalTable.equals(physicalTable)) {
            return OptionalInt.of(1);
        }
        int at = physicalTable.lastIndexOf("_v");
        if (at < 0) {
            return OptionalInt.empty();
        }
        String digits = physicalTable.substring(at + 2);
        if (digits.isEmpty() || digits.length() > 3 || !AsciiNumbers.isAsciiDigits(digits) || digits.startsWith("0")) {
            return OptionalInt.empty();
        }
        int n = AsciiNumbers.requireInt(digits);
        return n >= 2 && name(logicalTable, n).equals(physicalTable) ? OptionalInt.of(n) : OptionalInt.empty();
    }

    /** The tables of generations 1..n-1: the ones that keep the rows delivered before generation {@code n}. */
    public static List<String> earlier(String logicalTable, int generation) {
        List<String> out = new ArrayList<>();
        for (int g = 1; g < generation; g++) {
            out.add(name(logicalTable, g));
        }
        return out;
    }

    /**
     * The first generation whose table does not exist; empty when that cannot be known (a lookup failed or every
     * generation up to {@link #MAX_GENERATION} exists).
     */
    public static OptionalInt firstFree(ChannelSpec logical, ExistingTables tables) {
        return firstFree(logical, tables, TableClaims.NONE);
    }

    /**
     * As {@link #firstFree(ChannelSpec, ExistingTables)}, but a generation claimed by another owner stops the search
     * there: it is not this rule's to skip past ({@link #foreignClaim}), so the rule is refused on it.
     */
    public static OptionalInt firstFree(ChannelSpec logical, ExistingTables tables, TableClaims claims) {
        String bucket = logical.infrastructure().tableBucketArn();
        for (int g = 1; g <= MAX_GENERATION; g++) {
            if (foreignClaim(logical, g, claims).isPresent()) {
                return OptionalInt.of(g);
            }
            Optional<Boolean> exists = tables.exists(bucket, logical.namespace(), name(logical.table(), g));
            if (exists.isEmpty()) {
                return OptionalInt.empty();
            }
            if (!exists.get()) {
                return OptionalInt.of(g);
            }
        }
        return OptionalInt.empty();
    }

    /**
     * Another owner's claim on generation {@code g}'s table: held by a channel other than the one this rule makes
     * there (another cluster's, or another topic's on this cluster).
     */
    public static Optional<TableClaim> foreignClaim(ChannelSpec logical, int g, TableClaims claims) {
        String table = name(logical.table(), g);
        String channel = ChannelNames.of(logical.topic(), logical.namespace(), table);
        return claims.holder(logical.infrastructure().tableBucketArn(), logical.namespace(), table)
                .filter(held -> !(held.clusterArn().equals(logical.clusterArn()) && held.channelName().equals(channel)));
    }

    /** The logical spec on generation {@code n}: new table, so a new channel name, DLQ prefix and log group. */
    public static ChannelSpec at(ChannelSpec logical, int generation, StackSettings stack) {
        if (generation <= 1) {
            return logical;
        }
        String table = name(logical.table(), generation);
        String channel = ChannelNames.of(logical.topic(), logical.namespace(), table);
        return new ChannelSpec(logical.clusterArn(), logical.topic(), logical.namespace(), table, logical.schema(),
                logical.format(), logical.partitionColumn(), logical.freshnessSeconds(), logical.compression(),
                Infrastructure.of(stack, logical.clusterArn(), channel), logical.operations());
    }

    /** A UNION ALL view over every generation, so readers can query all rows in one place. */
    public static String unionView(String namespace, String logicalTable, int generation) {
        StringBuilder sql = new StringBuilder("CREATE OR REPLACE VIEW " + namespace + "." + logicalTable + "_all AS ");
        for (int g = 1; g <= generation; g++) {
            sql.append(g > 1 ? " UNION ALL " : "").append("SELECT * FROM ").append(namespace).append('.').append(name(logicalTable, g));
        }
        return sql.toString();
    }

    /**
     * For a {@link PlanReason#NEW_TABLE_GENERATION} intent: the table split in one sentence with the exact tables
     * (under 512 characters for ordinary names, so it fits a notification fact). Empty for any other intent.
     */
    public static Optional<Split> split(Intent intent) {
        if (!PlanReason.NEW_TABLE_GENERATION.name().equals(intent.reason()) || intent.desired() == null) {
            return Optional.empty();
        }
        ChannelSpec moved = intent.desired();
        String logical = intent.tableKey().contains(".") ? intent.tableKey().substring(intent.tableKey().indexOf('.') + 1) : moved.table();
        OptionalInt generation = generationOf(logical, moved.table());
        if (generation.isEmpty() || generation.getAsInt() < 2) {
            return Optional.empty();
        }
        int g = generation.getAsInt();
        List<String> old = earlier(logical, g).stream().map(t -> moved.namespace() + "." + t).toList();
        return Optional.of(new Split(old, moved.namespace() + "." + moved.table(), unionView(moved.namespace(), logical, g)));
    }

    /**
     * A table split: {@code oldTables} keep every row already delivered, {@code newTable} starts empty, nothing is
     * backfilled; {@code unionView} is SQL that queries all of them.
     */
    public record Split(List<String> oldTables, String newTable, String unionView) {

        public Split {
            oldTables = List.copyOf(oldTables);
        }

        public String sentence() {
            return "TABLE SPLIT: old table" + (oldTables.size() > 1 ? "s " : " ") + String.join(", ", oldTables) + " kept with "
                    + (oldTables.size() > 1 ? "their" : "its") + " rows; new table " + newTable + " starts empty; no backfill. "
                    + "Query both with a UNION ALL view";
        }
    }
}

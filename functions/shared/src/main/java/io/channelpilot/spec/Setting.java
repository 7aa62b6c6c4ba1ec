package io.channelpilot.spec;

import io.channelpilot.model.AsciiNumbers;
import io.channelpilot.model.ChannelSpec;
import io.channelpilot.model.Compression;
import io.channelpilot.model.RecordFormat;
import io.channelpilot.model.RedrivePolicy;
import io.channelpilot.model.RepairRule;
import io.channelpilot.model.S3TablesNames;
import io.channelpilot.model.SchemaRef;
import java.util.Arrays;
import java.util.Optional;
import java.util.regex.Pattern;

/** The settings a rule, the defaults tag or a topic tag may carry (DESIGN §3), each with its own value check. */
public enum Setting {
    NAMESPACE("namespace"),
    TABLE("table"),
    SCHEMA("schema"),
    FORMAT("format"),
    PARTITION("partition"),
    FRESHNESS("freshness"),
    COMPRESSION("compression"),
    OWNER("owner"),
    REDRIVE("redrive"),
    /** The only repeatable setting: one {@code repair=} per rule, in tag form (see {@link RepairRule}). */
    REPAIR("repair"),
    PAUSED("paused"),
    MANAGED("managed"),
    APPROVE("approve");

    private static final Pattern COLUMN = Pattern.compile("^[A-Za-z_][A-Za-z0-9_]{0,254}$");
    private static final Pattern APPROVAL = Pattern.compile("^[0-9a-f]{8,64}$");
    private static final Pattern BOOL = Pattern.compile("^(true|false)$");

    private final String key;

    Setting(String key) {
        this.key = key;
    }

    public String key() {
        return key;
    }

    public boolean repeatable() {
        return this == REPAIR;
    }

    public static Optional<Setting> fromKey(String key) {
        return Arrays.stream(values()).filter(s -> s.key.equals(key)).findFirst();
    }

    static String knownKeys() {
        return String.join(", ", Arrays.stream(values()).map(Setting::key).toList());
    }

    /** Checks one value; the problem names {@code tag}, this setting and the fix. */
    Optional<TagProblem> check(String tag, String value) {
        switch (this) {
            case NAMESPACE:
                return S3TablesNames.isValidNamespace(value) ? Optional.empty() : Optional.of(problem(SpecError.NAMESPACE_INVALID, tag,
                        "namespace '" + value + "' " + String.join("; ", S3TablesNames.violations(value, true)),
                        "Use lowercase letters, digits and '_', starting and ending with a letter or digit, e.g. namespace="
                                + S3TablesNames.sanitiseNamespace(value) + "."));
            case TABLE:
                return S3TablesNames.isValidTable(value) ? Optional.empty() : Optional.of(problem(SpecError.TABLE_INVALID, tag,
                        "table '" + value + "' " + String.join("; ", S3TablesNames.violations(value, false)),
                        "Use lowercase letters, digits and '_', e.g. table=" + S3TablesNames.sanitiseTable(value)
                                + ", or omit table= to use the sanitised topic name."));
            case SCHEMA:
                try {
                    SchemaRef.parse(value);
                    return Optional.empty();
                } catch (IllegalArgumentException e) {
                    return Optional.of(problem(SpecError.SCHEMA_REF_INVALID, tag, "schema '" + value + "': " + e.getMessage(),
                            "Write schema=<registry>/<schema> with the Glue Schema Registry names, e.g. schema=sales-registry/orders."));
                }
            case FORMAT:
                return RecordFormat.fromTag(value).isPresent() ? Optional.empty() : Optional.of(problem(SpecError.SETTING_VALUE_INVALID, tag,
                        "format '" + value + "' is not json or gsr",
                        "Use format=json (plain JSON) or format=gsr (JSON_SCHEMA_GSR); Avro or Protobuf topics need "
                                + "Managed Service for Apache Flink instead of streaming tables."));
            case PARTITION:
                return COLUMN.matcher(value).matches() ? Optional.empty() : Optional.of(problem(SpecError.SETTING_VALUE_INVALID, tag,
                        "partition '" + value + "' is not a top-level column name",
                        "Name one top-level date-time property of the schema, e.g. partition=event_time."));
            case FRESHNESS:
                return checkFreshness(tag, value);
            case COMPRESSION:
                return Compression.fromTag(value).isPresent() ? Optional.empty() : Optional.of(problem(SpecError.SETTING_VALUE_INVALID, tag,
                        "compression '" + value + "' is not zstd or snappy", "Use compression=zstd (default) or compression=snappy."));
            case OWNER:
                return value.length() <= 128 ? Optional.empty() : Optional.of(problem(SpecError.SETTING_VALUE_INVALID, tag,
                        "owner is " + value.length() + " characters", "Use an owner of at most 128 characters, e.g. owner=team-payments."));
            case REDRIVE:
                return RedrivePolicy.fromTag(value).isPresent() ? Optional.empty() : Optional.of(problem(SpecError.SETTING_VALUE_INVALID, tag,
                        "redrive '" + value + "' is not auto, manual or off", "Use redrive=auto, redrive=manual or redrive=off."));
            case REPAIR:
                try {
                    RepairRule.fromTagForm(value);
                    return Optional.empty();
                } catch (IllegalArgumentException e) {
                    return Optional.of(problem(SpecError.REPAIR_RULE_INVALID, tag, "repair '" + value + "': " + e.getMessage(),
                            "Write one rule per repair= setting: default@/ptr=value, coerce@/ptr=integer, "
                                    + "rename@/from=/to or drop@/ptr (b64.<base64> for other characters)."));
                }
            case PAUSED:
            case MANAGED:
                return BOOL.matcher(value).matches() ? Optional.empty() : Optional.of(problem(SpecError.SETTING_VALUE_INVALID, tag,
                        key + " '" + value + "' is not true or false", "Use " + key + "=true or " + key + "=false."));
            case APPROVE:
                return APPROVAL.matcher(value).matches() ? Optional.empty() : Optional.of(problem(SpecError.APPROVE_INVALID, tag,
                        "approve '" + value + "' is not a fingerprint prefix",
                        "Copy the first 8 characters of the fingerprint from the REPLACE_NEEDS_APPROVAL notification, e.g. approve=1a2b3c4d."));
            default:
                throw new IllegalStateException("unhandled setting " + this);
        }
    }

    /**
     * Only the syntax is a tag problem. The 300-900 range is the pre-flight rule FRESHNESS_RANGE (DESIGN §6): a tag
     * problem only skips the topic, silently for the owner, whereas a CREATE that fails validation ends in a
     * VALIDATION_REFUSED notification with the code and the fix (issue 5: "freshness 120" is a validation refusal).
     */
    private Optional<TagProblem> checkFreshness(String tag, String value) {
        String fix = "Use freshness=<seconds> between " + ChannelSpec.MIN_FRESHNESS + " and " + ChannelSpec.MAX_FRESHNESS
                + " (default " + ChannelSpec.DEFAULT_FRESHNESS + ").";
        // ASCII digits only: Integer.parseInt reads "٣٠٠" (Arabic-Indic digits) as 300.
        return AsciiNumbers.parseInt(value).isPresent() ? Optional.empty() : Optional.of(problem(SpecError.FRESHNESS_OUT_OF_RANGE, tag,
                "freshness '" + value + "' is not a whole number of seconds in ASCII digits", fix));
    }

    private TagProblem problem(SpecError code, String tag, String message, String fix) {
        return TagProblem.of(code, tag, key, "tag '" + tag + "', setting '" + key + "': " + message, fix);
    }
}

package io.channelpilot.local.world.sns;

/** A published message attribute: {@code String}, {@code Number}, {@code Binary} or {@code String.Array}. */
public record MessageAttribute(String dataType, String stringValue, String binaryValue) {
}

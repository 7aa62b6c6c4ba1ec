package io.channelpilot.cli;

/**
 * {@code --output json|table}, the same on every command (and case-insensitive): {@code table} (the default) for
 * people, {@code json} for tools — one JSON document on stdout, errors as one JSON object on stderr.
 */
enum OutputFormat {
    json, table
}

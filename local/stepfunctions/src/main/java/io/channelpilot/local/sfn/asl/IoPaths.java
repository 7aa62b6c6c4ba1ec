package io.channelpilot.local.sfn.asl;

/**
 * InputPath and OutputPath of a state. A Java {@code null} means the field was JSON {@code null}: "If the value of
 * InputPath is null, that means that the raw input is discarded, and the effective input for the state is an empty JSON
 * object, {}" (ASL spec, Filters). An absent field defaults to "$".
 */
public record IoPaths(String inputPath, String outputPath) {

    public static final IoPaths DEFAULT = new IoPaths("$", "$");
}

package io.channelpilot.local.world.file;

/** One thing wrong with a world file: the JSON path ({@code $.clusters[1].brokerType}) and what to fix. */
public record Problem(String path, String message) {

    /** Problems quote the file's values: a control or bidi character in a world file is escaped, never echoed. */
    public Problem {
        path = io.channelpilot.model.SafeText.of(path, 300);
        message = io.channelpilot.model.SafeText.of(message, 1024);
    }

    @Override
    public String toString() {
        return path + ": " + message;
    }
}

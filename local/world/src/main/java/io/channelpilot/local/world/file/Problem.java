package io.channelpilot.local.world.file;

/** One thing wrong with a world file: the JSON path ({@code $.clusters[1].brokerType}) and what to fix. */
public record Problem(String path, String message) {

    @Override
    public String toString() {
        return path + ": " + message;
    }
}

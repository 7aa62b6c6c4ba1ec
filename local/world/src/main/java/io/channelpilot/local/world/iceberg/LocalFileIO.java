package io.channelpilot.local.world.iceberg;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.iceberg.io.FileIO;
import org.apache.iceberg.io.InputFile;
import org.apache.iceberg.io.OutputFile;

/**
 * Iceberg {@link FileIO} over the local file system. Iceberg core ships only HadoopFileIO and an in-memory one; this
 * keeps the world off the Hadoop FileSystem API (stack.md §5d, P14). Loaded by class name ({@code io-impl}), so it
 * needs a public no-arg constructor.
 */
public final class LocalFileIO implements FileIO {

    public LocalFileIO() {
    }

    static String strip(String location) {
        return location.startsWith("file:") ? URI.create(location).getPath() : location;
    }

    @Override
    public InputFile newInputFile(String path) {
        return org.apache.iceberg.Files.localInput(strip(path));
    }

    @Override
    public OutputFile newOutputFile(String path) {
        File f = new File(strip(path));
        File parent = f.getParentFile();
        if (parent != null && !parent.isDirectory() && !parent.mkdirs() && !parent.isDirectory()) {
            throw new UncheckedIOException(new IOException("cannot create directory " + parent));
        }
        return org.apache.iceberg.Files.localOutput(f);
    }

    @Override
    public void deleteFile(String path) {
        try {
            Files.deleteIfExists(Path.of(strip(path)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

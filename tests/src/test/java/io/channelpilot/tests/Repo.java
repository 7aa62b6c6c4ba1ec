package io.channelpilot.tests;

import java.nio.file.Files;
import java.nio.file.Path;

/** Locates the repository root (surefire passes it; fall back to walking up from the working directory). */
public final class Repo {

    private Repo() {
    }

    public static Path root() {
        String configured = System.getProperty("channelpilot.repo");
        Path start = configured != null ? Path.of(configured) : Path.of("").toAbsolutePath();
        for (Path p = start.toAbsolutePath().normalize(); p != null; p = p.getParent()) {
            if (Files.exists(p.resolve("template.yaml")) && Files.exists(p.resolve("statemachine"))) {
                return p;
            }
        }
        throw new IllegalStateException("repository root with template.yaml not found from " + start);
    }
}

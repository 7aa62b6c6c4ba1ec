package io.channelpilot.tests.redaction;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.apache.logging.log4j.core.config.Property;

/**
 * Captures every log line the in-process functions write while it is open: a log4j2 appender on every logger config
 * (Powertools logging is log4j2; SLF4J binds to it), with the {@code io.channelpilot} loggers opened to ALL so that
 * DEBUG lines (gateway calls) are rendered too, plus a tee of {@code System.out}/{@code System.err} (Powertools metrics
 * write EMF there, and anything printed reaches CloudWatch Logs in Lambda). Each line keeps the logger name, the
 * formatted message, the MDC and the stack trace: everything a log line can carry.
 */
final class LogCapture implements AutoCloseable {

    private final List<String> lines = new ArrayList<>();
    private final ByteArrayOutputStream console = new ByteArrayOutputStream();
    private final PrintStream out = System.out;
    private final PrintStream err = System.err;
    private final LoggerContext context;
    private final AbstractAppender appender;
    private final List<LoggerConfig> touched = new ArrayList<>();
    private final List<Level> levels = new ArrayList<>();
    private final LoggerConfig added;

    private LogCapture() {
        context = (LoggerContext) LogManager.getContext(false);
        Configuration config = context.getConfiguration();
        appender = new AbstractAppender("redaction-capture", null, null, true, Property.EMPTY_ARRAY) {
            @Override
            public void append(LogEvent event) {
                StringWriter text = new StringWriter();
                text.append(event.getLoggerName()).append(' ').append(event.getLevel().name()).append(' ')
                        .append(event.getMessage().getFormattedMessage()).append(' ')
                        .append(String.valueOf(event.getContextData().toMap()));
                if (event.getThrown() != null) {
                    event.getThrown().printStackTrace(new PrintWriter(text));
                }
                synchronized (lines) {
                    lines.add(text.toString());
                }
            }
        };
        appender.start();
        config.addAppender(appender);
        LoggerConfig product = config.getLoggerConfig("io.channelpilot");
        if (!product.getName().equals("io.channelpilot")) {
            added = new LoggerConfig("io.channelpilot", Level.ALL, true);
            config.addLogger("io.channelpilot", added);
        } else {
            added = null;
        }
        Collection<LoggerConfig> all = new ArrayList<>(config.getLoggers().values());
        all.add(config.getRootLogger());
        for (LoggerConfig c : all) {
            if (touched.contains(c)) {
                continue;
            }
            touched.add(c);
            levels.add(c.getLevel());
            c.addAppender(appender, Level.ALL, null);
            if (c.getName().startsWith("io.channelpilot")) {
                c.setLevel(Level.ALL);
            }
        }
        context.updateLoggers();
        OutputStream teeOut = new Tee(out, console);
        OutputStream teeErr = new Tee(err, console);
        System.setOut(new PrintStream(teeOut, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(teeErr, true, StandardCharsets.UTF_8));
    }

    static LogCapture start() {
        return new LogCapture();
    }

    /** Log events plus console lines captured so far. */
    List<String> lines() {
        List<String> all;
        synchronized (lines) {
            all = new ArrayList<>(lines);
        }
        synchronized (console) {
            all.addAll(console.toString(StandardCharsets.UTF_8).lines().toList());
        }
        return all;
    }

    @Override
    public void close() {
        System.setOut(out);
        System.setErr(err);
        Configuration config = context.getConfiguration();
        for (int i = 0; i < touched.size(); i++) {
            touched.get(i).removeAppender(appender.getName());
            touched.get(i).setLevel(levels.get(i));
        }
        if (added != null) {
            config.removeLogger("io.channelpilot");
        }
        context.updateLoggers();
        appender.stop();
    }

    /** Writes to the real stream and to the capture. */
    private static final class Tee extends OutputStream {
        private final OutputStream real;
        private final ByteArrayOutputStream copy;

        Tee(OutputStream real, ByteArrayOutputStream copy) {
            this.real = real;
            this.copy = copy;
        }

        @Override
        public void write(int b) {
            synchronized (copy) {
                copy.write(b);
            }
            try {
                real.write(b);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }

        @Override
        public void write(byte[] b, int off, int len) {
            synchronized (copy) {
                copy.write(b, off, len);
            }
            try {
                real.write(b, off, len);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
    }
}

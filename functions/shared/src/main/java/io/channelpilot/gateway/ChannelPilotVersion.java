package io.channelpilot.gateway;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** The build's version ({@code version.properties}, filtered by Maven), for the SDK clients' user-agent suffix. */
final class ChannelPilotVersion {

    static final String VALUE = read();

    private ChannelPilotVersion() {
    }

    private static String read() {
        try (InputStream in = ChannelPilotVersion.class.getResourceAsStream("version.properties")) {
            Properties p = new Properties();
            if (in != null) {
                p.load(in);
            }
            String v = p.getProperty("version", "");
            return v.isBlank() || v.startsWith("${") ? "unknown" : v;
        } catch (IOException e) {
            return "unknown";
        }
    }
}

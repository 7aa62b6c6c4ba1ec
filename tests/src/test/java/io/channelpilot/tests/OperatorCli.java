package io.channelpilot.tests;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.cli.ChannelPilot;
import io.channelpilot.local.world.LocalWorld;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;

/** The operator CLI ({@code channel-pilot}) run in-process against a world's endpoint and status table. */
public record OperatorCli(int exit, String out) {

    private static final ObjectMapper JSON = new ObjectMapper();

    public static OperatorCli run(LocalWorld world, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of("--endpoint-url", world.server().endpoint().toString(), "--table", world.stack().statusTable()));
        int exit = ChannelPilot.run(all.toArray(String[]::new), world.clientEnvironment(), new PrintWriter(out),
                new PrintWriter(err));
        return new OperatorCli(exit, out + err.toString());
    }

    /** The output as JSON (for {@code --output json}). */
    public JsonNode json() throws IOException {
        return JSON.readTree(out);
    }
}

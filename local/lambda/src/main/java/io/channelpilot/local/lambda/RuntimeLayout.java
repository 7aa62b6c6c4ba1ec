package io.channelpilot.local.lambda;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.api.client.AWSLambda;
import com.amazonaws.services.lambda.runtime.serialization.PojoSerializer;
import io.channelpilot.local.lambda.fault.HeapHog;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import software.amazon.awssdk.utilslite.SdkInternalThreadLocal;

/**
 * The managed {@code java21} runtime, locally: the runtime's own jars (the runtime interface client and what it needs,
 * as {@code /var/runtime/lib} holds them), its JNI library, and the JVM command line.
 *
 * <p>JVM flags, as the managed runtime's bootstrap passes them: heap 85 %, metaspace 10 % and code cache 5 % of
 * {@code MemorySize}, the serial collector, {@code -Djava.net.preferIPv4Stack=true} (the command line the runtime ran
 * with, as quoted in DataDog/datadog-lambda-extension PR #117: {@code -XX:MaxHeapSize=222823k
 * -XX:MaxMetaspaceSize=26214k -XX:ReservedCodeCacheSize=13107k -XX:+UseSerialGC ... -Djava.net.preferIPv4Stack=true}
 * for 256 MB), and tiered compilation stopping at level 1, the java17+ default ("In the Java 17 runtime, the JVM flag
 * for tiered compilation is set to stop at level 1 by default", Lambda developer guide, "Customize Java runtime
 * startup behavior"). {@code JAVA_TOOL_OPTIONS} is not on the command line: it is an environment variable of the
 * function (template Globals), which the JVM itself reads, exactly as on Lambda. {@code org.crac.Core.Compat} points
 * the {@code org.crac} API the functions and Powertools register with at the runtime client's CRaC context
 * ({@code com.amazonaws.services.lambda.crac}), so {@code AWSLambda.onInitComplete} runs their hooks.
 *
 * <p>Differences from Lambda, on purpose: the JDK is this machine's (17 by default; Lambda runs Corretto 21); the JNI
 * library is unpacked once per world instead of to {@code /tmp/.libaws-lambda-jni.so} (a fixed path concurrent
 * instances would overwrite while another loads it); {@code jdk.net.hosts.file} makes the child resolve nothing but
 * loopback names, so a function that tried to reach real AWS fails instead of leaving the machine.
 */
public final class RuntimeLayout {

    /** The runtime interface client's main class, which the managed runtime's bootstrap runs. */
    public static final String MAIN = AWSLambda.class.getName();
    private static final String JNI_PROPERTY = "com.amazonaws.services.lambda.runtime.api.client.runtimeapi.NativeClient.JNI";

    private final Path home;
    private final String classpath;
    private final Path jni;
    private final Path hosts;
    private final Path heapHog;

    private RuntimeLayout(Path home, String classpath, Path jni, Path hosts, Path heapHog) {
        this.home = home;
        this.classpath = classpath;
        this.jni = jni;
        this.hosts = hosts;
        this.heapHog = heapHog;
    }

    /** Prepares {@code home} (JNI library, hosts file) and finds the runtime jars on this JVM's classpath. */
    public static RuntimeLayout prepare(Path home) {
        try {
            Files.createDirectories(home);
            Set<String> jars = new LinkedHashSet<>();
            for (Class<?> c : List.of(AWSLambda.class, Context.class, PojoSerializer.class, SdkInternalThreadLocal.class)) {
                jars.add(Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString());
            }
            Path jni = home.resolve("libaws-lambda-jni.so");
            String arch = System.getProperty("os.arch").toLowerCase(Locale.ROOT);
            String lib = "jni/libaws-lambda-jni.linux-" + (arch.contains("aarch64") || arch.contains("arm64") ? "aarch_64" : "x86_64") + ".so";
            try (InputStream in = AWSLambda.class.getClassLoader().getResourceAsStream(lib)) {
                if (in == null) {
                    throw new IOException("the runtime interface client jar has no " + lib);
                }
                Files.copy(in, jni, StandardCopyOption.REPLACE_EXISTING);
            }
            Path hosts = home.resolve("hosts");
            Files.writeString(hosts, "127.0.0.1 localhost\n::1 localhost\n");
            return new RuntimeLayout(home, String.join(File.pathSeparator, jars), jni, hosts, agentJar(home.resolve("heap-hog.jar"), HeapHog.class));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    public Path home() {
        return home;
    }

    /** The jar of the out-of-memory fault's agent ({@link HeapHog}), attached to an instance on demand. */
    Path heapHogAgent() {
        return heapHog;
    }

    /** A jar holding just {@code agent}, with its manifest naming it as the {@code Agent-Class}. */
    private static Path agentJar(Path target, Class<?> agent) throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(new Attributes.Name("Agent-Class"), agent.getName());
        String entry = agent.getName().replace('.', '/') + ".class";
        try (JarOutputStream jar = new JarOutputStream(Files.newOutputStream(target), manifest);
             InputStream in = agent.getClassLoader().getResourceAsStream(entry)) {
            if (in == null) {
                throw new IOException("no class file for " + agent.getName());
            }
            jar.putNextEntry(new JarEntry(entry));
            in.transferTo(jar);
            jar.closeEntry();
        }
        return target;
    }

    /** The {@code java} command of one instance: managed-runtime flags, then the runtime client with the handler. */
    List<String> command(FunctionDeployment fn, Path tmp, List<String> extraOptions) {
        long memoryKb = fn.memoryMb() * 1024L;
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-XX:MaxHeapSize=" + (memoryKb * 85 / 100) + "k");
        cmd.add("-XX:MaxMetaspaceSize=" + (memoryKb * 10 / 100) + "k");
        cmd.add("-XX:ReservedCodeCacheSize=" + (memoryKb * 5 / 100) + "k");
        cmd.add("-XX:+UseSerialGC");
        cmd.add("-XX:+TieredCompilation");
        cmd.add("-XX:TieredStopAtLevel=1");
        cmd.add("-Xshare:auto");
        cmd.add("-Djava.net.preferIPv4Stack=true");
        cmd.add("-Dorg.crac.Core.Compat=com.amazonaws.services.lambda.crac");
        cmd.add("-D" + JNI_PROPERTY + "=" + jni);
        cmd.add("-Djdk.net.hosts.file=" + hosts);
        cmd.add("-Djava.io.tmpdir=" + tmp);
        cmd.addAll(extraOptions);
        cmd.add("-classpath");
        cmd.add(classpath);
        cmd.add(MAIN);
        cmd.add(fn.handler());
        return cmd;
    }
}

package io.channelpilot.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.AwsSessionCredentials;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.ProfileCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.profiles.Profile;
import software.amazon.awssdk.profiles.ProfileFile;
import software.amazon.awssdk.profiles.ProfileProperty;

/**
 * Where the CLI's credentials and Region come from, in the AWS CLI's order of precedence (AWS CLI user guide,
 * "Configuration and credential file settings" — "Configuration settings and precedence"), with every source read
 * from the environment map the CLI was given (so tests use temporary files and never the machine's own):
 *
 * <ol>
 *   <li>Command line: {@code --profile}, {@code --region}. With {@code --profile} the profile's credentials are used even
 *       when {@code AWS_ACCESS_KEY_ID} is set (the AWS CLI does the same).</li>
 *   <li>Environment: {@code AWS_ACCESS_KEY_ID} / {@code AWS_SECRET_ACCESS_KEY} / {@code AWS_SESSION_TOKEN},
 *       {@code AWS_PROFILE}, {@code AWS_REGION} then {@code AWS_DEFAULT_REGION}.</li>
 *   <li>The shared credentials file ({@code AWS_SHARED_CREDENTIALS_FILE}, default {@code ~/.aws/credentials}) and the
 *       config file ({@code AWS_CONFIG_FILE}, default {@code ~/.aws/config}): the profile's keys (or its role, SSO or
 *       credential process, resolved by the SDK) and its {@code region}.</li>
 *   <li>The SDK's container and instance credentials (never when {@code AWS_EC2_METADATA_DISABLED=true}, which
 *       {@code bin/channel-pilot} sets whenever an endpoint override points at the local world).</li>
 * </ol>
 * No Region anywhere is an error ({@link CliError.Code#REGION_MISSING}), except with an endpoint override (the local
 * world), where it is {@code us-east-1}. A named profile that is in neither file is {@link CliError.Code#PROFILE_NOT_FOUND}.
 */
final class CliAws {

    static final String LOCAL_WORLD_REGION = "us-east-1";

    /** The resolved connection: where the credentials come from (for {@code --debug}-style messages) and the Region. */
    record Resolved(AwsCredentialsProvider credentials, String region, String credentialSource) {
    }

    private CliAws() {
    }

    static Resolved resolve(String profileOption, String regionOption, Map<String, String> env, boolean endpointOverride) {
        ProfileFile files = profileFile(env);
        String profileName = nonBlank(profileOption).or(() -> nonBlank(env.get("AWS_PROFILE"))).orElse("default");
        boolean namedProfile = nonBlank(profileOption).isPresent() || nonBlank(env.get("AWS_PROFILE")).isPresent();
        Optional<Profile> profile = files.profile(profileName);
        if (namedProfile && profile.isEmpty()) {
            throw new CliError(CliError.Code.PROFILE_NOT_FOUND, "profile '" + profileName + "' is in neither "
                    + configFile(env) + " nor " + credentialsFile(env),
                    "Create it with 'aws configure --profile " + profileName + "', or set AWS_CONFIG_FILE / "
                            + "AWS_SHARED_CREDENTIALS_FILE to the files that hold it.");
        }
        AwsCredentialsProvider credentials;
        String source;
        Optional<String> key = nonBlank(env.get("AWS_ACCESS_KEY_ID"));
        Optional<String> secret = nonBlank(env.get("AWS_SECRET_ACCESS_KEY"));
        if (nonBlank(profileOption).isPresent()) {
            credentials = profileProvider(files, profileName);
            source = "profile " + profileName + " (--profile)";
        } else if (key.isPresent() && secret.isPresent()) {
            Optional<String> token = nonBlank(env.get("AWS_SESSION_TOKEN"));
            credentials = StaticCredentialsProvider.create(token.isPresent()
                    ? AwsSessionCredentials.create(key.get(), secret.get(), token.get())
                    : AwsBasicCredentials.create(key.get(), secret.get()));
            source = "environment (AWS_ACCESS_KEY_ID)";
        } else if (profile.isPresent()) {
            credentials = profileProvider(files, profileName);
            source = "profile " + profileName + (namedProfile ? " (AWS_PROFILE)" : "");
        } else {
            credentials = DefaultCredentialsProvider.builder().build();
            source = "SDK default chain (container / instance credentials)";
        }
        String region = nonBlank(regionOption)
                .or(() -> nonBlank(env.get("AWS_REGION")))
                .or(() -> nonBlank(env.get("AWS_DEFAULT_REGION")))
                .or(() -> profile.flatMap(p -> p.property(ProfileProperty.REGION)).flatMap(CliAws::nonBlank))
                .or(() -> endpointOverride ? Optional.of(LOCAL_WORLD_REGION) : Optional.empty())
                .orElseThrow(() -> new CliError(CliError.Code.REGION_MISSING, "no AWS Region: none of --region, AWS_REGION, "
                        + "AWS_DEFAULT_REGION or the region of profile '" + profileName + "' is set",
                        "Pass --region <region>, export AWS_REGION, or run 'aws configure set region <region>"
                                + (namedProfile ? " --profile " + profileName : "") + "'."));
        return new Resolved(credentials, region, source);
    }

    private static AwsCredentialsProvider profileProvider(ProfileFile files, String name) {
        return ProfileCredentialsProvider.builder().profileFile(files).profileName(name).build();
    }

    /** The config file and the credentials file, as the SDK merges them (credentials win for the same property). */
    static ProfileFile profileFile(Map<String, String> env) {
        ProfileFile.Aggregator all = ProfileFile.aggregator();
        Path config = configFile(env);
        if (Files.isRegularFile(config)) {
            all.addFile(ProfileFile.builder().content(config).type(ProfileFile.Type.CONFIGURATION).build());
        }
        Path credentials = credentialsFile(env);
        if (Files.isRegularFile(credentials)) {
            all.addFile(ProfileFile.builder().content(credentials).type(ProfileFile.Type.CREDENTIALS).build());
        }
        return all.build();
    }

    static Path configFile(Map<String, String> env) {
        return nonBlank(env.get("AWS_CONFIG_FILE")).map(CliAws::expand).orElseGet(() -> home(env).resolve(".aws").resolve("config"));
    }

    static Path credentialsFile(Map<String, String> env) {
        return nonBlank(env.get("AWS_SHARED_CREDENTIALS_FILE")).map(CliAws::expand)
                .orElseGet(() -> home(env).resolve(".aws").resolve("credentials"));
    }

    private static Path home(Map<String, String> env) {
        return Path.of(nonBlank(env.get("HOME")).orElse(System.getProperty("user.home")));
    }

    private static Path expand(String path) {
        return Path.of(path.startsWith("~/") ? System.getProperty("user.home") + path.substring(1) : path);
    }

    private static Optional<String> nonBlank(String s) {
        return s == null || s.isBlank() ? Optional.empty() : Optional.of(s.strip());
    }
}

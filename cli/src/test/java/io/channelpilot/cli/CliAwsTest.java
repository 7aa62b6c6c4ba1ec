package io.channelpilot.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Credentials and Region in the AWS CLI's order of precedence, from temporary config/credentials files only: the
 * machine's own ~/.aws and the instance metadata service are never read (HOME points at the temp dir, every resolved
 * provider here is static or profile-based, and surefire sets AWS_EC2_METADATA_DISABLED).
 */
class CliAwsTest {

    @TempDir
    Path home;
    private Map<String, String> env;

    @BeforeEach
    void files() throws Exception {
        Path aws = Files.createDirectories(home.resolve(".aws"));
        Files.writeString(aws.resolve("config"), """
                [default]
                region = eu-west-1
                [profile ops]
                region = eu-central-1
                [profile noregion]
                """);
        Files.writeString(aws.resolve("credentials"), """
                [default]
                aws_access_key_id = AKIADEFAULT000000001
                aws_secret_access_key = default-secret
                [ops]
                aws_access_key_id = AKIAOPS0000000000001
                aws_secret_access_key = ops-secret
                [noregion]
                aws_access_key_id = AKIANOREGION00000001
                aws_secret_access_key = noregion-secret
                """);
        env = new HashMap<>(Map.of("HOME", home.toString()));
    }

    private static String key(CliAws.Resolved r) {
        return r.credentials().resolveCredentials().accessKeyId();
    }

    @Test
    void shouldUseTheProfileOptionOverEnvironmentKeysAndAwsProfile() {
        env.putAll(Map.of("AWS_ACCESS_KEY_ID", "AKIAENV0000000000001", "AWS_SECRET_ACCESS_KEY", "env", "AWS_PROFILE", "default"));

        CliAws.Resolved r = CliAws.resolve("ops", null, env, false);

        assertThat(key(r)).isEqualTo("AKIAOPS0000000000001");
        assertThat(r.region()).isEqualTo("eu-central-1");
        assertThat(r.credentialSource()).isEqualTo("profile ops (--profile)");
    }

    @Test
    void shouldUseEnvironmentKeysBeforeAwsProfileAndFilesWhenNoProfileOptionIsGiven() {
        env.putAll(Map.of("AWS_ACCESS_KEY_ID", "AKIAENV0000000000001", "AWS_SECRET_ACCESS_KEY", "env", "AWS_PROFILE", "ops"));

        CliAws.Resolved r = CliAws.resolve(null, null, env, false);

        assertThat(key(r)).isEqualTo("AKIAENV0000000000001");
        assertThat(r.region()).isEqualTo("eu-central-1"); // region still from AWS_PROFILE's profile
    }

    @Test
    void shouldUseAwsProfileThenTheDefaultProfileWhenNoKeysAreInTheEnvironment() {
        assertThat(key(CliAws.resolve(null, null, Map.of("HOME", home.toString(), "AWS_PROFILE", "ops"), false)))
                .isEqualTo("AKIAOPS0000000000001");
        CliAws.Resolved byDefault = CliAws.resolve(null, null, env, false);
        assertThat(key(byDefault)).isEqualTo("AKIADEFAULT000000001");
        assertThat(byDefault.region()).isEqualTo("eu-west-1");
    }

    @Test
    void shouldTakeTheRegionFromOptionThenAwsRegionThenAwsDefaultRegionThenTheProfile() {
        env.putAll(Map.of("AWS_REGION", "ap-south-1", "AWS_DEFAULT_REGION", "sa-east-1"));
        assertThat(CliAws.resolve("ops", "us-west-2", env, false).region()).isEqualTo("us-west-2");
        assertThat(CliAws.resolve("ops", null, env, false).region()).isEqualTo("ap-south-1");
        env.remove("AWS_REGION");
        assertThat(CliAws.resolve("ops", null, env, false).region()).isEqualTo("sa-east-1");
    }

    @Test
    void shouldReadTheFilesNamedByAwsConfigFileAndAwsSharedCredentialsFile() throws Exception {
        Path config = home.resolve("other-config");
        Path credentials = home.resolve("other-credentials");
        Files.writeString(config, "[profile ci]\nregion = ca-central-1\n");
        Files.writeString(credentials, "[ci]\naws_access_key_id = AKIACI00000000000001\naws_secret_access_key = ci\n");

        CliAws.Resolved r = CliAws.resolve("ci", null, Map.of("HOME", home.toString(), "AWS_CONFIG_FILE", config.toString(),
                "AWS_SHARED_CREDENTIALS_FILE", credentials.toString()), false);

        assertThat(key(r)).isEqualTo("AKIACI00000000000001");
        assertThat(r.region()).isEqualTo("ca-central-1");
    }

    @Test
    void shouldRefuseWithACodeWhenTheProfileIsUnknownOrNoRegionIsSet() {
        assertThatThrownBy(() -> CliAws.resolve("nobody", null, env, false)).isInstanceOfSatisfying(CliError.class,
                e -> assertThat(e.code()).isEqualTo(CliError.Code.PROFILE_NOT_FOUND));
        assertThatThrownBy(() -> CliAws.resolve("noregion", null, env, false)).isInstanceOfSatisfying(CliError.class, e -> {
            assertThat(e.code()).isEqualTo(CliError.Code.REGION_MISSING);
            assertThat(e.remediation()).contains("--region").contains("--profile noregion");
        });
        assertThat(CliAws.resolve("noregion", null, env, true).region()).isEqualTo(CliAws.LOCAL_WORLD_REGION);
    }
}

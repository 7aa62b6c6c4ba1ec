package io.channelpilot.validation;

import static org.assertj.core.api.Assertions.assertThat;

import io.channelpilot.gateway.Facts;
import io.channelpilot.model.TestSpecs;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** {@link ValidationContext#prefetch}: concurrent fact lookups change neither the report, its order, nor the call count. */
class ValidationPrefetchTest {

    private static final ExecutorService POOL = Executors.newFixedThreadPool(4);

    @AfterAll
    static void stop() {
        POOL.shutdownNow();
    }

    private static ValidationContext context(FakeAws aws) {
        return new ValidationContext(TestSpecs.orders(), TestSpecs.stack(), Set.of(), ValidationSettings.from(Map.of()), aws.gateways());
    }

    private static FakeAws world(Consumer<FakeAws> change) {
        FakeAws aws = new FakeAws();
        change.accept(aws);
        return aws;
    }

    @Test
    void shouldFetchEverySharedFactOnTheExecutorWhenPrefetching() {
        // given an executor that runs each task in line and counts it
        FakeAws aws = new FakeAws();
        List<Runnable> ran = new ArrayList<>();
        // when
        ValidationContext ctx = context(aws).prefetch(task -> {
            ran.add(task);
            task.run();
        });
        // then every shared fact was fetched before any rule ran, once each
        assertThat(ran).hasSize(13);
        assertThat(aws.calls).containsExactlyInAnyOrder("GetSchema", "GetRole", "DescribeClusterV2", "DescribeTopic",
                "GetTableBucket", "GetTableBucketEncryption", "GetBucketLocation", "GetBucketEncryption", "ListChannels",
                "ListChannels", "ListServiceQuotas", "ListServiceQuotas", "GetBucketLogging", "DescribeLogGroups");
        ValidationEngine.standard().run(ctx);
        assertThat(aws.calls).containsOnlyOnce("DescribeClusterV2", "DescribeTopic", "GetSchema", "GetRole", "GetTableBucket",
                "GetTableBucketEncryption", "GetBucketLocation", "GetBucketEncryption", "GetBucketLogging", "DescribeLogGroups");
        assertThat(aws.calls.stream().filter("ListChannels"::equals)).hasSize(2);
        assertThat(aws.calls.stream().filter("ListServiceQuotas"::equals)).hasSize(2);
    }

    @Test
    void shouldReportTheSameFindingsInTheSameOrderWhenFactsArePrefetchedConcurrently() {
        List<Consumer<FakeAws>> worlds = List.of(
                w -> { },
                w -> {
                    w.cluster = new Facts.Cluster(TestSpecs.CLUSTER_ARN, "SERVERLESS", "ACTIVE", "", Map.of());
                    w.schema = Optional.empty();
                },
                w -> w.failures.put("GetRole", FakeAws.denied("IAM", "GetRole", "iam:GetRole")),
                w -> w.failures.put("GetSchema", FakeAws.denied("Glue", "GetSchema", "glue:GetSchema")),
                w -> w.deniedActions.addAll(Set.of("s3tables:PutTableData", "logs:PutLogEvents", "s3:PutObject")),
                w -> {
                    w.channelsOnCluster = 20;
                    w.failures.put("ListServiceQuotas", FakeAws.denied("Service Quotas", "ListServiceQuotas", "servicequotas:ListServiceQuotas"));
                    w.failures.put("GetBucketLogging", FakeAws.denied("S3", "GetBucketLogging", "s3:GetBucketLogging"));
                });
        for (Consumer<FakeAws> change : worlds) {
            // given the same world twice
            FakeAws sequential = world(change);
            FakeAws concurrent = world(change);
            // when
            ValidationReport expected = ValidationEngine.standard().run(context(sequential));
            ValidationReport actual = ValidationEngine.standard().run(context(concurrent).prefetch(POOL));
            // then
            assertThat(actual.findings()).containsExactlyElementsOf(expected.findings());
            assertThat(actual.verdict()).isEqualTo(expected.verdict());
            assertThat(concurrent.calls).containsExactlyInAnyOrderElementsOf(sequential.calls);
        }
    }

    @Test
    void shouldReportTheFirstFailedSimulationWhenSimulationsRunConcurrently() {
        // given every policy simulation is denied
        FakeAws sequential = world(w -> w.failures.put("SimulatePrincipalPolicy",
                FakeAws.denied("IAM", "SimulatePrincipalPolicy", "iam:SimulatePrincipalPolicy")));
        FakeAws concurrent = world(w -> w.failures.put("SimulatePrincipalPolicy",
                FakeAws.denied("IAM", "SimulatePrincipalPolicy", "iam:SimulatePrincipalPolicy")));
        // when
        ValidationReport expected = ValidationEngine.standard().run(context(sequential));
        ValidationReport actual = ValidationEngine.standard().run(context(concurrent).prefetch(POOL));
        // then the same UNKNOWN naming the permission; sequentially the rule still stops at the first failure
        assertThat(actual.findings()).containsExactlyElementsOf(expected.findings());
        assertThat(actual.findings(RuleCode.ROLE_PERMISSIONS)).singleElement().satisfies(f -> {
            assertThat(f.status()).isEqualTo(Status.UNKNOWN);
            assertThat(f.remediation()).contains("iam:SimulatePrincipalPolicy");
        });
        // one for ROLE_PERMISSIONS (stops at its first failure) + one for ROLE_KMS_PERMISSIONS (the spec's KMS key)
        assertThat(sequential.calls.stream().filter("SimulatePrincipalPolicy"::equals)).hasSize(2);
    }

    @Test
    void shouldNotReadTheTableBucketEncryptionWhenTheRoleIsNotFound() {
        // given: without a role, no rule reads the table bucket's encryption
        FakeAws aws = world(w -> w.role = Optional.empty());
        // when
        ValidationEngine.standard().run(context(aws).prefetch(Runnable::run));
        // then prefetching did not add the call
        assertThat(aws.calls).contains("GetRole").doesNotContain("GetTableBucketEncryption");
    }

    @Test
    void shouldNameTheMissingPermissionWhenAPrefetchedLookupIsDenied() {
        // given
        FakeAws aws = world(w -> w.failures.put("GetRole", FakeAws.denied("IAM", "GetRole", "iam:GetRole")));
        // when
        ValidationReport report = ValidationEngine.standard().run(context(aws).prefetch(POOL));
        // then
        assertThat(report.findings(RuleCode.ROLE_TRUST)).allSatisfy(f -> {
            assertThat(f.status()).isEqualTo(Status.UNKNOWN);
            assertThat(f.remediation()).contains("iam:GetRole");
        });
        assertThat(report.findings(RuleCode.ROLE_TRUST)).isNotEmpty();
        assertThat(report.verdict()).isEqualTo(ValidationReport.Verdict.INCOMPLETE);
    }
}

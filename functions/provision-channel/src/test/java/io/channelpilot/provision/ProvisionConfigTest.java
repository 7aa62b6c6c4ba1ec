package io.channelpilot.provision;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.channelpilot.model.NameScope;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProvisionConfigTest {

    @Test
    void shouldUseDocumentedDefaultsWhenEnvironmentIsEmpty() {
        ProvisionConfig config = ProvisionConfig.from(Map.of());

        assertThat(config.logRetentionDays()).isEqualTo(30);
        assertThat(config.queryPrincipals()).isEmpty();
        assertThat(config.managedBy()).isEqualTo("channel-pilot");
        assertThat(config.leaseTtl()).isEqualTo(Duration.ofMinutes(45));
        assertThat(config.alarms()).isEqualTo(AlarmSettings.defaults());
        assertThat(config.catalogIdTemplate()).isEqualTo("{account}:s3tablescatalog/{bucket}");
    }

    @Test
    void shouldOverrideUnconfirmedAlarmStatisticAndPeriodFromEnvironment() {
        AlarmSettings settings = AlarmSettings.from(Map.of("CHANNEL_PILOT_ALARM_FRESHNESS_STATISTIC", "Average",
                "CHANNEL_PILOT_ALARM_FRESHNESS_PERIOD_SECONDS", "60", "CHANNEL_PILOT_ALARM_FRESHNESS_EVALUATION_PERIODS", "3",
                "CHANNEL_PILOT_ALARM_COUNT_STATISTIC", "Maximum", "CHANNEL_PILOT_ALARM_COUNT_PERIOD_SECONDS", "120"));

        var alarms = new ChannelAlarms(settings).all(ProvisionFixtures.CLUSTER, "c", "orders", 450, NameScope.CLUSTER);

        assertThat(alarms.get(0).statistic()).isEqualTo("Average");
        assertThat(alarms.get(0).evaluationPeriods()).isEqualTo(3);
        assertThat(alarms.get(0).datapointsToAlarm()).isEqualTo(3);
        assertThat(alarms.get(0).threshold()).isEqualTo(450.0);
        assertThat(alarms.get(1).statistic()).isEqualTo("Maximum");
        assertThat(alarms.get(1).periodSeconds()).isEqualTo(120);
        assertThat(alarms.get(1).evaluationPeriods()).isEqualTo(5);
        assertThat(alarms.get(2).evaluationPeriods()).isEqualTo(1);
    }

    @Test
    void shouldNameTheVariableWhenRetentionIsInvalid() {
        assertThatThrownBy(() -> ProvisionConfig.from(Map.of("CHANNEL_PILOT_LOG_RETENTION_DAYS", "31")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("CHANNEL_PILOT_LOG_RETENTION_DAYS");
        assertThatThrownBy(() -> AlarmSettings.from(Map.of("CHANNEL_PILOT_ALARM_COUNT_PERIOD_SECONDS", "45")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("CHANNEL_PILOT_ALARM_COUNT_PERIOD_SECONDS");
        assertThatThrownBy(() -> AlarmSettings.from(Map.of("CHANNEL_PILOT_ALARM_COUNT_STATISTIC", "p99")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("CHANNEL_PILOT_ALARM_COUNT_STATISTIC");
    }

    @Test
    void shouldBuildFederatedCatalogIdFromTableBucketArnAndHonourOverride() {
        assertThat(new NamespaceGrants(NamespaceGrants.DEFAULT_CATALOG_ID).catalogId(ProvisionFixtures.BUCKET))
                .isEqualTo("123456789012:s3tablescatalog/analytics-lake");
        assertThat(new NamespaceGrants("{account}").catalogId(ProvisionFixtures.BUCKET)).isEqualTo("123456789012");
        assertThatThrownBy(() -> new NamespaceGrants("{account}").catalogId("arn:aws:s3:::plain-bucket"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not an S3 table bucket ARN");
    }

    @Test
    void shouldNameAlarmsByClusterChannelAndShortMetricNameAndKeepTheOldNamesForOldChannels() {
        // alarm names are account-wide: two clusters' channels of one name must not share (issue 13)
        assertThat(ChannelAlarms.names(ProvisionFixtures.CLUSTER, "orders-94bb38de00", NameScope.CLUSTER)).containsExactly(
                "channel-pilot-orders-express-orders-94bb38de00-DataFreshness",
                "channel-pilot-orders-express-orders-94bb38de00-FailedRowCount",
                "channel-pilot-orders-express-orders-94bb38de00-DLQDeliverySuccess");
        assertThat(ChannelAlarms.names(ProvisionFixtures.CLUSTER, "orders-94bb38de00", NameScope.CHANNEL)).containsExactly(
                "channel-pilot-orders-94bb38de00-DataFreshness", "channel-pilot-orders-94bb38de00-FailedRowCount",
                "channel-pilot-orders-94bb38de00-DLQDeliverySuccess");
    }
}

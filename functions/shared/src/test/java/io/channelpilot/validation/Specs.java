package io.channelpilot.validation;

import io.channelpilot.model.ChannelSpec;
import io.channelpilot.model.Compression;
import io.channelpilot.model.Infrastructure;
import io.channelpilot.model.RecordFormat;

/** Variants of the valid test spec, one field at a time. */
final class Specs {

    private Specs() {
    }

    static ChannelSpec freshness(ChannelSpec s, int seconds) {
        return new ChannelSpec(s.clusterArn(), s.topic(), s.namespace(), s.table(), s.schema(), s.format(), s.partitionColumn(),
                seconds, s.compression(), s.infrastructure(), s.operations());
    }

    static ChannelSpec names(ChannelSpec s, String namespace, String table) {
        return new ChannelSpec(s.clusterArn(), s.topic(), namespace, table, s.schema(), s.format(), s.partitionColumn(),
                s.freshnessSeconds(), s.compression(), s.infrastructure(), s.operations());
    }

    static ChannelSpec format(ChannelSpec s, RecordFormat format, Compression compression) {
        return new ChannelSpec(s.clusterArn(), s.topic(), s.namespace(), s.table(), s.schema(), format, s.partitionColumn(),
                s.freshnessSeconds(), compression, s.infrastructure(), s.operations());
    }

    static ChannelSpec infra(ChannelSpec s, String tableBucketArn, String kmsKeyArn, String logGroup) {
        Infrastructure i = s.infrastructure();
        return new ChannelSpec(s.clusterArn(), s.topic(), s.namespace(), s.table(), s.schema(), s.format(), s.partitionColumn(),
                s.freshnessSeconds(), s.compression(),
                new Infrastructure(tableBucketArn, i.dlqBucketArn(), i.dlqPrefix(), i.serviceRoleArn(), kmsKeyArn, logGroup), s.operations());
    }
}

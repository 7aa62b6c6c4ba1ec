package io.channelpilot.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class IcebergTypeTest {

    @Test
    void shouldRenderIcebergTypeStringsWhenTypesAreNested() {
        // given
        IcebergType struct = new IcebergType.StructType(List.of(
                new IcebergField(4, "street", IcebergType.STRING, false, null),
                new IcebergField(5, "no", IcebergType.INT, true, "house number")));

        // then
        assertThat(List.of(IcebergType.STRING, IcebergType.TIMESTAMPTZ, IcebergType.DATE, IcebergType.TIME,
                IcebergType.UUID, IcebergType.BINARY, IcebergType.INT, IcebergType.LONG, IcebergType.decimal(3),
                IcebergType.DOUBLE, IcebergType.BOOLEAN)).extracting(IcebergType::render).containsExactly(
                "string", "timestamptz", "date", "time", "uuid", "binary", "int", "long", "decimal(38,3)", "double",
                "boolean");
        assertThat(new IcebergType.MapType(2, 3, IcebergType.LONG, true).render()).isEqualTo("map<string, long>");
        assertThat(new IcebergType.ListType(6, struct, true).render())
                .isEqualTo("list<struct<4: street: optional string, 5: no: required int (house number)>>");
        assertThat(new IcebergField(1, "addr", struct, false, null).render())
                .isEqualTo("1: addr: optional struct<4: street: optional string, 5: no: required int (house number)>");
    }

    @Test
    void shouldRejectDecimalScaleBeyondPrecisionWhenConstructed() {
        assertThatThrownBy(() -> IcebergType.decimal(39)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("scale");
        assertThatThrownBy(() -> new IcebergType.DecimalType(39, 2)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("precision");
    }
}

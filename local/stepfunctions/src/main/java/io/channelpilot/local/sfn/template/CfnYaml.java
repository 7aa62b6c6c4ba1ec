package io.channelpilot.local.sfn.template;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.local.sfn.json.Json;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.AbstractConstruct;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * Reads CloudFormation/SAM YAML: the short-form intrinsic tags become their long-form maps ("!Ref X" →
 * {"Ref":"X"}, "!GetAtt A.B" → {"Fn::GetAtt":["A","B"]}, "!Sub s" → {"Fn::Sub":"s"}, "!Condition C" →
 * {"Condition":"C"}) as the CloudFormation user guide defines them (Intrinsic function reference). Unquoted dates stay
 * strings (CloudFormation has no timestamp type: "Version: 2012-10-17" must not become a date).
 */
public final class CfnYaml {

    private static final Map<String, String> TAGS = Map.ofEntries(Map.entry("!Ref", "Ref"),
            Map.entry("!Condition", "Condition"), Map.entry("!GetAtt", "Fn::GetAtt"), Map.entry("!Sub", "Fn::Sub"),
            Map.entry("!If", "Fn::If"), Map.entry("!Join", "Fn::Join"), Map.entry("!Select", "Fn::Select"),
            Map.entry("!Split", "Fn::Split"), Map.entry("!Equals", "Fn::Equals"), Map.entry("!Not", "Fn::Not"),
            Map.entry("!And", "Fn::And"), Map.entry("!Or", "Fn::Or"), Map.entry("!FindInMap", "Fn::FindInMap"),
            Map.entry("!ImportValue", "Fn::ImportValue"), Map.entry("!Base64", "Fn::Base64"),
            Map.entry("!Cidr", "Fn::Cidr"), Map.entry("!GetAZs", "Fn::GetAZs"), Map.entry("!Transform", "Fn::Transform"));

    private CfnYaml() {
    }

    public static JsonNode parse(String yaml) {
        LoaderOptions options = new LoaderOptions();
        options.setAllowDuplicateKeys(false);
        Object tree = new Yaml(new CfnConstructor(options)).load(yaml);
        return Json.MAPPER.valueToTree(tree);
    }

    private static final class CfnConstructor extends SafeConstructor {

        CfnConstructor(LoaderOptions options) {
            super(options);
            TAGS.forEach((tag, key) -> yamlConstructors.put(new Tag(tag), new Intrinsic(key)));
            yamlConstructors.put(Tag.TIMESTAMP, new AbstractConstruct() {
                @Override
                public Object construct(Node node) {
                    return constructScalar((ScalarNode) node);
                }
            });
        }

        private final class Intrinsic extends AbstractConstruct {
            private final String key;

            Intrinsic(String key) {
                this.key = key;
            }

            @Override
            public Object construct(Node node) {
                Object value;
                if (node instanceof ScalarNode scalar) {
                    String text = constructScalar(scalar);
                    value = key.equals("Fn::GetAtt") && text.contains(".")
                            ? List.of(text.substring(0, text.indexOf('.')), text.substring(text.indexOf('.') + 1))
                            : text;
                    if (key.equals("Fn::GetAZs") && text.isEmpty()) {
                        value = "";
                    }
                } else if (node instanceof SequenceNode sequence) {
                    value = new ArrayList<>(constructSequence(sequence));
                } else {
                    value = new LinkedHashMap<>(constructMapping((MappingNode) node));
                }
                Map<String, Object> out = new LinkedHashMap<>();
                out.put(key, value);
                return out;
            }
        }
    }
}

package io.channelpilot.local.sfn.template;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.local.sfn.json.Json;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Iterator;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Resolves CloudFormation intrinsic functions (long form) to local values: Ref (parameters, pseudo parameters,
 * resources), Fn::GetAtt, Fn::Sub, Fn::Join, Fn::Select, Fn::Split, Fn::If with Conditions (Fn::Equals/Not/And/Or,
 * Condition), Fn::FindInMap, Fn::Base64, Fn::GetAZs. Fn::ImportValue, Fn::Cidr and Fn::Transform need a deployed
 * account and are reported, never guessed.
 */
final class IntrinsicResolver {

    private static final Pattern SUB = Pattern.compile("\\$\\{([^}]+)}");

    private final JsonNode template;
    private final Map<String, String> parameters;
    private final Resources resources;
    private final String region;
    private final String account;
    private final String stackName;

    IntrinsicResolver(JsonNode template, Map<String, String> parameters, String region, String account, String stackName) {
        this.template = template;
        this.parameters = parameters;
        this.resources = new Resources(region, account);
        this.region = region;
        this.account = account;
        this.stackName = stackName;
    }

    String string(JsonNode node, String where) {
        JsonNode value = resolve(node, where);
        if (value == null || value.isNull() || value.isContainerNode()) {
            throw new TemplateException(where + ": expected a string, resolved to " + value);
        }
        return value.asText();
    }

    /** The resolved value; Java null stands for AWS::NoValue. */
    JsonNode resolve(JsonNode node, String where) {
        if (node.isObject() && node.size() == 1) {
            String key = node.fieldNames().next();
            if (key.equals("Ref") || key.startsWith("Fn::") || key.equals("Condition")) {
                return function(key, node.get(key), where);
            }
        }
        if (node.isObject()) {
            ObjectNode out = Json.object();
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                JsonNode v = resolve(e.getValue(), where + "." + e.getKey());
                if (v != null) {
                    out.set(e.getKey(), v);
                }
            }
            return out;
        }
        if (node.isArray()) {
            ArrayNode out = Json.NODES.arrayNode();
            for (JsonNode item : node) {
                JsonNode v = resolve(item, where);
                if (v != null) {
                    out.add(v);
                }
            }
            return out;
        }
        return node;
    }

    private JsonNode function(String key, JsonNode arg, String where) {
        switch (key) {
            case "Ref":
                return ref(arg.asText(), where);
            case "Fn::GetAtt":
                return Json.NODES.textNode(getAtt(arg.get(0).asText(), arg.get(1).asText(), where));
            case "Fn::Sub":
                return Json.NODES.textNode(sub(arg, where));
            case "Fn::Join": {
                StringBuilder out = new StringBuilder();
                JsonNode items = resolve(arg.get(1), where);
                for (int i = 0; i < items.size(); i++) {
                    out.append(i == 0 ? "" : arg.get(0).asText()).append(items.get(i).asText());
                }
                return Json.NODES.textNode(out.toString());
            }
            case "Fn::Select":
                return resolve(arg.get(1), where).get(Integer.parseInt(string(arg.get(0), where)));
            case "Fn::Split": {
                ArrayNode out = Json.NODES.arrayNode();
                for (String part : string(arg.get(1), where).split(Pattern.quote(arg.get(0).asText()), -1)) {
                    out.add(part);
                }
                return out;
            }
            case "Fn::If":
                return condition(arg.get(0).asText(), where) ? resolve(arg.get(1), where) : resolve(arg.get(2), where);
            case "Fn::Equals":
                return BooleanNode.valueOf(resolve(arg.get(0), where).asText().equals(resolve(arg.get(1), where).asText()));
            case "Fn::Not":
                return BooleanNode.valueOf(!resolve(arg.get(0), where).asBoolean());
            case "Fn::And":
            case "Fn::Or": {
                boolean and = key.equals("Fn::And");
                boolean acc = and;
                for (JsonNode c : arg) {
                    acc = and ? acc && resolve(c, where).asBoolean() : acc || resolve(c, where).asBoolean();
                }
                return BooleanNode.valueOf(acc);
            }
            case "Condition":
                return BooleanNode.valueOf(condition(arg.asText(), where));
            case "Fn::FindInMap": {
                JsonNode value = template.path("Mappings").path(string(arg.get(0), where)).path(string(arg.get(1), where))
                        .path(string(arg.get(2), where));
                if (value.isMissingNode()) {
                    throw new TemplateException(where + ": Fn::FindInMap " + arg + " has no value");
                }
                return value;
            }
            case "Fn::Base64":
                return Json.NODES.textNode(Base64.getEncoder().encodeToString(string(arg, where).getBytes(StandardCharsets.UTF_8)));
            case "Fn::GetAZs":
                return Json.NODES.arrayNode().add(region + "a").add(region + "b").add(region + "c");
            default:
                throw new TemplateException(where + ": " + key + " is not resolvable locally (needs a deployed account)");
        }
    }

    boolean condition(String name, String where) {
        JsonNode condition = template.path("Conditions").get(name);
        if (condition == null) {
            throw new TemplateException(where + ": unknown condition " + name);
        }
        return resolve(condition, "Conditions." + name).asBoolean();
    }

    private JsonNode ref(String name, String where) {
        switch (name) {
            case "AWS::Region": return Json.NODES.textNode(region);
            case "AWS::AccountId": return Json.NODES.textNode(account);
            case "AWS::Partition": return Json.NODES.textNode("aws");
            case "AWS::URLSuffix": return Json.NODES.textNode("amazonaws.com");
            case "AWS::StackName": return Json.NODES.textNode(stackName);
            case "AWS::StackId": return Json.NODES.textNode("arn:aws:cloudformation:" + region + ":" + account + ":stack/" + stackName + "/local");
            case "AWS::NoValue": return null;
            default: break;
        }
        JsonNode parameter = template.path("Parameters").get(name);
        if (parameter != null) {
            String value = parameters.containsKey(name) ? parameters.get(name)
                    : parameter.has("Default") ? parameter.get("Default").asText() : null;
            if (value == null) {
                throw new TemplateException(where + ": parameter " + name + " has no Default and no override (pass it with --parameter-overrides "
                        + name + "=...)");
            }
            return Json.NODES.textNode(value);
        }
        JsonNode resource = template.path("Resources").get(name);
        if (resource == null && (name.endsWith(".Alias") || name.endsWith(".Version"))) {
            // SAM-generated references of AutoPublishAlias: "Ref Fn.Alias" is the alias ARN
            // ("arn:...:function:Fn:live"), "Ref Fn.Version" the version ARN; locally both invoke the function Fn.
            String function = name.substring(0, name.lastIndexOf('.'));
            JsonNode fn = template.path("Resources").get(function);
            if (fn != null && fn.path("Type").asText().equals("AWS::Serverless::Function")) {
                String arn = resources.arn(function, fn.path("Type").asText(), fn.get("Properties"), "Arn");
                String qualifier = name.endsWith(".Alias") ? fn.path("Properties").path("AutoPublishAlias")
                        .asText(template.path("Globals").path("Function").path("AutoPublishAlias").asText("live"))
                        : "1";
                return Json.NODES.textNode(arn + ":" + qualifier);
            }
        }
        if (resource == null) {
            throw new TemplateException(where + ": Ref " + name + " names no parameter or resource");
        }
        return Json.NODES.textNode(resources.ref(name, resource.path("Type").asText(), resource.get("Properties")));
    }

    private String getAtt(String logicalId, String attribute, String where) {
        JsonNode resource = template.path("Resources").get(logicalId);
        if (resource == null) {
            throw new TemplateException(where + ": Fn::GetAtt names no resource " + logicalId);
        }
        return resources.arn(logicalId, resource.path("Type").asText(), resource.get("Properties"), attribute);
    }

    /** "${Param}", "${Resource.Attr}", "${!Literal}" and the optional variable map (CloudFormation Fn::Sub). */
    private String sub(JsonNode arg, String where) {
        String text = arg.isArray() ? arg.get(0).asText() : arg.asText();
        JsonNode vars = arg.isArray() && arg.size() > 1 ? arg.get(1) : Json.object();
        Matcher m = SUB.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String name = m.group(1);
            String value;
            if (name.startsWith("!")) {
                value = "${" + name.substring(1) + "}";
            } else if (vars.has(name)) {
                value = string(vars.get(name), where);
            } else if (name.contains(".") && !name.startsWith("AWS::")) {
                value = getAtt(name.substring(0, name.indexOf('.')), name.substring(name.indexOf('.') + 1), where);
            } else {
                value = ref(name, where).asText();
            }
            m.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        m.appendTail(out);
        return out.toString();
    }
}

package io.channelpilot.local.sfn.template;

import java.util.Map;

/**
 * Local physical names and ARNs of template resources. Functions and state machines are named by their logical id
 * (so Lambda tasks bind by logical function name); other resources use their explicit name property when it is a plain
 * string, else the logical id.
 */
final class Resources {

    /** Type → the property holding an explicit physical name. */
    private static final Map<String, String> NAME_PROPERTY = Map.of("AWS::SNS::Topic", "TopicName",
            "AWS::SQS::Queue", "QueueName", "AWS::DynamoDB::Table", "TableName", "AWS::S3::Bucket", "BucketName",
            "AWS::IAM::Role", "RoleName", "AWS::Logs::LogGroup", "LogGroupName", "AWS::Events::Rule", "Name",
            "AWS::Serverless::SimpleTable", "TableName");

    private final String region;
    private final String account;

    Resources(String region, String account) {
        this.region = region;
        this.account = account;
    }

    String name(String logicalId, String type, com.fasterxml.jackson.databind.JsonNode properties) {
        String property = NAME_PROPERTY.get(type);
        if (property != null && properties != null && properties.path(property).isTextual()) {
            return properties.get(property).textValue();
        }
        return logicalId;
    }

    /** "Ref" of a resource. */
    String ref(String logicalId, String type, com.fasterxml.jackson.databind.JsonNode properties) {
        String name = name(logicalId, type, properties);
        return switch (type) {
            case "AWS::Serverless::StateMachine", "AWS::StepFunctions::StateMachine", "AWS::SNS::Topic" ->
                    arn(logicalId, type, properties, "Arn");
            case "AWS::SQS::Queue" -> "https://sqs." + region + ".amazonaws.com/" + account + "/" + name;
            default -> name;
        };
    }

    /** "Fn::GetAtt" of a resource; throws for attributes it does not know. */
    String arn(String logicalId, String type, com.fasterxml.jackson.databind.JsonNode properties, String attribute) {
        String name = name(logicalId, type, properties);
        if (attribute.equals("Name") || attribute.endsWith("Name") && !attribute.equals("Arn")) {
            return name;
        }
        String arn = switch (type) {
            case "AWS::Serverless::Function", "AWS::Lambda::Function" -> "arn:aws:lambda:" + region + ":" + account + ":function:" + name;
            case "AWS::Serverless::StateMachine", "AWS::StepFunctions::StateMachine" ->
                    "arn:aws:states:" + region + ":" + account + ":stateMachine:" + name;
            case "AWS::SNS::Topic" -> "arn:aws:sns:" + region + ":" + account + ":" + name;
            case "AWS::SQS::Queue" -> "arn:aws:sqs:" + region + ":" + account + ":" + name;
            case "AWS::DynamoDB::Table", "AWS::Serverless::SimpleTable" -> "arn:aws:dynamodb:" + region + ":" + account + ":table/" + name;
            case "AWS::S3::Bucket" -> "arn:aws:s3:::" + name;
            case "AWS::IAM::Role" -> "arn:aws:iam::" + account + ":role/" + name;
            case "AWS::Events::Rule" -> "arn:aws:events:" + region + ":" + account + ":rule/" + name;
            case "AWS::KMS::Key" -> "arn:aws:kms:" + region + ":" + account + ":key/" + name;
            case "AWS::Logs::LogGroup" -> "arn:aws:logs:" + region + ":" + account + ":log-group:" + name + ":*";
            default -> null;
        };
        if (arn == null || !(attribute.equals("Arn") || attribute.equals("TopicArn") || attribute.equals("StreamArn"))) {
            throw new TemplateException("Fn::GetAtt " + logicalId + "." + attribute + " is not resolvable locally for " + type);
        }
        return attribute.equals("StreamArn") ? arn + "/stream/local" : arn;
    }
}

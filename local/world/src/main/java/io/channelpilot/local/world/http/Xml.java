package io.channelpilot.local.world.http;

/** Minimal XML text escaping for AWS Query / REST-XML responses. */
public final class Xml {

    private Xml() {
    }

    public static String escape(String text) {
        if (text == null) {
            return "";
        }
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&apos;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }

    /** Wraps a Query-protocol result the way AWS does: {@code <XResponse><XResult>…</XResult><ResponseMetadata/>}. */
    public static String queryResponse(String operation, String resultInnerXml) {
        return "<" + operation + "Response><" + operation + "Result>" + resultInnerXml + "</" + operation + "Result>"
                + "<ResponseMetadata><RequestId>" + java.util.UUID.randomUUID() + "</RequestId></ResponseMetadata></"
                + operation + "Response>";
    }
}

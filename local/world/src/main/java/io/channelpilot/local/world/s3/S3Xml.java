package io.channelpilot.local.world.s3;

import io.channelpilot.local.world.http.AwsServiceError;
import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/** Small namespace-agnostic DOM helpers for S3 request and proxy response bodies. */
final class S3Xml {

    static final String NS = "http://s3.amazonaws.com/doc/2006-03-01/";

    private S3Xml() {
    }

    /** Parses {@code body}; an unparseable document is S3's {@code MalformedXML} (400). */
    static Document parse(byte[] body) {
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setNamespaceAware(true);
            f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            DocumentBuilder b = f.newDocumentBuilder();
            return b.parse(new ByteArrayInputStream(body));
        } catch (Exception e) {
            throw new AwsServiceError(400, "MalformedXML",
                    "The XML you provided was not well-formed or did not validate against our published schema");
        }
    }

    /** Text of the first element with this local name anywhere below {@code root}. */
    static Optional<String> text(Node root, String localName) {
        List<Element> found = elements(root, localName);
        return found.isEmpty() ? Optional.empty() : Optional.of(found.get(0).getTextContent().trim());
    }

    static List<Element> elements(Node root, String localName) {
        NodeList all = root instanceof Document d ? d.getElementsByTagNameNS("*", localName)
                : ((Element) root).getElementsByTagNameNS("*", localName);
        List<Element> out = new ArrayList<>(all.getLength());
        for (int i = 0; i < all.getLength(); i++) {
            out.add((Element) all.item(i));
        }
        return out;
    }
}

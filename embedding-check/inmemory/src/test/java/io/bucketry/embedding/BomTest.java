package io.bucketry.embedding;

import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** The BOM the README tells applications to import lists every published module, on the build's version. */
class BomTest {

    /** Modules of the reactor that are not published for applications. */
    private static final Set<String> UNPUBLISHED = Set.of("embedding-check", "bom", "tools", "app");

    @Test
    void theBomManagesEveryPublishedModuleOnTheVersionOfTheBuild() throws Exception {
        // given
        Document parent = parse(System.getProperty("embedding.parentPom"));
        Document bom = parse(System.getProperty("embedding.bomPom"));
        List<String> published = new ArrayList<>();
        for (String module : texts(parent.getDocumentElement(), "module")) {
            if (!UNPUBLISHED.contains(module)) {
                published.add("bucketry-" + module);
            }
        }

        // then
        assertThat(published).isNotEmpty();
        // the published modules, and the embedded test server an embedder adds for embeddedMongo
        assertThat(texts(bom.getDocumentElement(), "artifactId")).containsExactlyInAnyOrderElementsOf(
                concat("bucketry-bom", concat("mongo-java-server", published)));
        assertThat(texts(bom.getDocumentElement(), "mongo-java-server.version")).as("the test server's version")
                .isEqualTo(texts(parent.getDocumentElement(), "mongo-java-server.version"));
        assertThat(direct(bom.getDocumentElement(), "version")).isEqualTo(System.getProperty("embedding.version"));
        assertThat(direct(bom.getDocumentElement(), "parent")).as("a BOM with a parent hands over the parent's management")
                .isNull();
    }

    private static List<String> concat(String first, List<String> rest) {
        List<String> all = new ArrayList<>(List.of(first));
        all.addAll(rest);
        return all;
    }

    private static Document parse(String path) throws Exception {
        return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(new File(path));
    }

    private static List<String> texts(Element root, String tag) {
        NodeList nodes = root.getElementsByTagName(tag);
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            texts.add(nodes.item(i).getTextContent().strip());
        }
        return texts;
    }

    private static String direct(Element root, String tag) {
        for (org.w3c.dom.Node node = root.getFirstChild(); node != null; node = node.getNextSibling()) {
            if (node instanceof Element element && element.getTagName().equals(tag)) {
                return element.getTextContent().strip();
            }
        }
        return null;
    }
}

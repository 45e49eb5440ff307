package io.bucketry.app.cli;

import picocli.CommandLine.IVersionProvider;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** {@code --version}: the project version, filtered into a resource at build time. */
public final class VersionProvider implements IVersionProvider {

    @Override
    public String[] getVersion() {
        return new String[] {"bucketry " + version(), "Java " + System.getProperty("java.version")};
    }

    static String version() {
        Properties properties = new Properties();
        try (InputStream in = VersionProvider.class.getResourceAsStream("/io/bucketry/app/version.properties")) {
            if (in != null) {
                properties.load(in);
            }
        } catch (IOException e) {
            return "unknown";
        }
        return properties.getProperty("version", "unknown");
    }
}

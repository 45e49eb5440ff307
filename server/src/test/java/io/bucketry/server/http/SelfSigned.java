package io.bucketry.server.http;

import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.Key;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.util.Base64;
import java.util.concurrent.TimeUnit;

/** A self-signed certificate for localhost made at test time with the JDK's keytool: PKCS12, and the same as PEM files. */
public record SelfSigned(Path keystore, String password, Path cert, Path key) {

    public static final String PASSWORD = "changeit-test";

    public static SelfSigned in(Path directory) throws Exception {
        Path keystore = directory.resolve("server.p12");
        Process keytool = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair", "-alias", "bucketry", "-keyalg", "EC", "-groupname", "secp256r1", "-validity", "2",
                "-dname", "CN=localhost", "-ext", "SAN=dns:localhost,ip:127.0.0.1", "-storetype", "PKCS12",
                "-keystore", keystore.toString(), "-storepass", PASSWORD, "-keypass", PASSWORD)
                .redirectErrorStream(true).start();
        String output = new String(keytool.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!keytool.waitFor(60, TimeUnit.SECONDS) || keytool.exitValue() != 0) {
            throw new IllegalStateException("keytool failed: " + output);
        }
        KeyStore store = load(keystore);
        Certificate certificate = store.getCertificate("bucketry");
        Key key = store.getKey("bucketry", PASSWORD.toCharArray());
        Path cert = Files.writeString(directory.resolve("cert.pem"), pem("CERTIFICATE", certificate.getEncoded()));
        Path keyFile = Files.writeString(directory.resolve("key.pem"), pem("PRIVATE KEY", key.getEncoded()));
        return new SelfSigned(keystore, PASSWORD, cert, keyFile);
    }

    /** A TLS context that trusts this certificate only. */
    public SSLContext trustingContext() throws Exception {
        TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(load(keystore));
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, trust.getTrustManagers(), null);
        return context;
    }

    private static KeyStore load(Path file) throws Exception {
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(file)) {
            store.load(in, PASSWORD.toCharArray());
        }
        return store;
    }

    private static String pem(String type, byte[] der) throws IOException {
        return "-----BEGIN " + type + "-----\n" + Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(der)
                + "\n-----END " + type + "-----\n";
    }
}

package io.bucketry.server.http;

import io.bucketry.server.security.TlsConfig;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import java.util.HexFormat;

/** Reads the server's key and certificate: a PKCS12 keystore, or PEM files made into one in memory. */
final class KeyFiles {

    private KeyFiles() {
    }

    /** The keystore's password, or a random one for the in-memory store of PEM files. */
    static char[] password(TlsConfig tls) {
        if (tls.keystore() != null) {
            return tls.keystorePassword() == null ? new char[0] : tls.keystorePassword().toCharArray();
        }
        byte[] random = new byte[16];
        new SecureRandom().nextBytes(random);
        return HexFormat.of().formatHex(random).toCharArray();
    }

    /** The key and certificate chain; IllegalStateException naming the file and what is wrong with it. */
    static KeyStore load(TlsConfig tls, char[] password) {
        return tls.keystore() != null ? keystore(tls.keystore(), password) : pem(tls.cert(), tls.key(), password);
    }

    private static KeyStore keystore(Path file, char[] password) {
        try (InputStream in = Files.newInputStream(file)) {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(in, password);
            return store;
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalStateException("cannot read the TLS keystore " + file + " (PKCS12; is tlsKeystorePassword "
                    + "right?): " + e.getMessage());
        }
    }

    private static KeyStore pem(Path cert, Path key, char[] password) {
        Certificate[] chain;
        try (InputStream in = Files.newInputStream(cert)) {
            chain = CertificateFactory.getInstance("X.509").generateCertificates(in).toArray(new Certificate[0]);
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalStateException("cannot read the TLS certificate " + cert + " (PEM): " + e.getMessage());
        }
        if (chain.length == 0) {
            throw new IllegalStateException("the TLS certificate file " + cert + " holds no certificate");
        }
        try {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            store.setKeyEntry("bucketry", privateKey(key, chain[0].getPublicKey().getAlgorithm()), password, chain);
            return store;
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalStateException("cannot use the TLS key " + key + " with the certificate " + cert + ": "
                    + e.getMessage());
        }
    }

    private static PrivateKey privateKey(Path file, String algorithm) throws GeneralSecurityException {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read the TLS key " + file + ": " + e.getMessage());
        }
        int begin = text.indexOf("-----BEGIN PRIVATE KEY-----");
        int end = text.indexOf("-----END PRIVATE KEY-----");
        if (begin < 0 || end < begin) {
            throw new IllegalStateException("the TLS key " + file + " is no unencrypted PKCS#8 PEM key (BEGIN PRIVATE KEY); "
                    + "convert it with: openssl pkcs8 -topk8 -nocrypt -in KEY -out key.pem");
        }
        String base64 = text.substring(begin + "-----BEGIN PRIVATE KEY-----".length(), end).replaceAll("\\s", "");
        byte[] der = Base64.getDecoder().decode(base64);
        return KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(der));
    }
}

package io.bucketry.server.security;

import java.nio.file.Path;

/**
 * Where the server's TLS certificate and key come from: a PKCS12 keystore and its password, or a
 * certificate chain and a PKCS#8 private key in PEM files; none for plain HTTP.
 * {@link #toString()} never shows the password.
 *
 * @param keystore PKCS12 keystore, or null
 * @param keystorePassword its password (may be empty), or null
 * @param cert PEM certificate chain, or null
 * @param key PEM private key (unencrypted PKCS#8, {@code BEGIN PRIVATE KEY}), or null
 */
public record TlsConfig(Path keystore, String keystorePassword, Path cert, Path key) {

    public TlsConfig {
        if (keystore != null && (cert != null || key != null)) {
            throw new IllegalArgumentException("TLS takes either tlsKeystore or tlsCert with tlsKey, not both");
        }
        if ((cert == null) != (key == null)) {
            throw new IllegalArgumentException("TLS from PEM files needs both tlsCert and tlsKey; only "
                    + (cert == null ? "tlsKey" : "tlsCert") + " is set");
        }
        if (keystore == null && cert == null && keystorePassword != null) {
            throw new IllegalArgumentException("tlsKeystorePassword is set but no tlsKeystore");
        }
    }

    public static TlsConfig none() {
        return new TlsConfig(null, null, null, null);
    }

    /** True when the server answers HTTPS only. */
    public boolean enabled() {
        return keystore != null || cert != null;
    }

    /** The files, never the password. */
    @Override
    public String toString() {
        if (keystore != null) {
            return "keystore " + keystore + (keystorePassword == null ? "" : " (password set)");
        }
        return cert == null ? "off" : "cert " + cert + " key " + key;
    }
}

package io.bucketry.bootstrap.config;

/** A configuration cannot be used; the message is one line naming the key and what is allowed. */
public final class ConfigurationException extends RuntimeException {

    public ConfigurationException(String message) {
        super(message);
    }
}

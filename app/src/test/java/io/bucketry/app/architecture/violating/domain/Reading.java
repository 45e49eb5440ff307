package io.bucketry.app.architecture.violating.domain;

/** Fixture: a domain class that logs through SLF4J, a library. */
public final class Reading {
    private final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(Reading.class);
}

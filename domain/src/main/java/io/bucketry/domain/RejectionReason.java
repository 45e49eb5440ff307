package io.bucketry.domain;

/** Why a reading was refused: the stable codes reported in an ingest report. */
public enum RejectionReason {
    INVALID_SERIES,
    INVALID_TIME,
    EXPIRED,
    FUTURE,
    NO_FIELDS,
    TOO_MANY_FIELDS,
    INVALID_FIELD_NAME,
    INVALID_FIELD_VALUE,
    INVALID_TAG
}

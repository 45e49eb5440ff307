/**
 * The lossless columnar codec of a sealed bucket (issue 13): times by delta-of-delta with run lengths,
 * numbers by an ALP-style decimal codec, texts by dictionary and run lengths, absent values by a bitmap,
 * all in one versioned {@code byte[]} ({@link io.bucketry.codec.SealedBucketCodec}).
 *
 * <p>The sealed bucket is a domain concept, but its bit-level encoding is a storage trick: it lives here,
 * in a module of its own on the JDK alone, so that {@code domain/} stays readable in ten minutes
 * (issue 12) and every adapter can use the same format.
 */
package io.bucketry.codec;

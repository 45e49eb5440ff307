package io.bucketry.codec;

/** One named field of a sealed bucket, row by row; a row may lack the field (absent). */
public sealed interface Column permits NumericColumn, TextColumn {

    /** Rows, present or absent. */
    int size();

    boolean isAbsent(int row);
}

package io.bucketry.server.json;

import io.bucketry.application.port.out.ReadingSink;
import io.bucketry.domain.FieldSchema;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.SeriesMeta;

import java.util.function.Consumer;

/**
 * A {@link ReadingSink} that gathers rows into {@link ColumnBlock}s, one per run of a series with one meta
 * and of at most {@code maxRows} rows, each handed to {@code done} once complete (at the next run, or at
 * {@link #finish}).
 */
public final class ReadingBlocks implements ReadingSink {

    private final int maxRows;
    private final Consumer<ColumnBlock> done;
    private ColumnBlock block;
    private FieldSchema names;
    /** Per column of {@link #names}, its column in {@link #block} (made when first given a value). */
    private ColumnBlock.Column[] columns;
    private int row;

    public ReadingBlocks(int maxRows, Consumer<ColumnBlock> done) {
        if (maxRows < 1) {
            throw new IllegalArgumentException("a block of " + maxRows + " rows");
        }
        this.maxRows = maxRows;
        this.done = done;
    }

    @Override
    public void series(SeriesId series, SeriesMeta meta) {
        finish();
        block = new ColumnBlock(series, meta);
        names = null;
    }

    @Override
    public void columns(FieldSchema schema) {
        names = schema;
        columns = new ColumnBlock.Column[schema.size()];
    }

    @Override
    public void row(long epochMilli) {
        if (block.rows() == maxRows) {
            ColumnBlock full = block;
            done.accept(full);
            block = new ColumnBlock(full.series(), full.meta());
            columns = new ColumnBlock.Column[names.size()];
        }
        row = block.row(epochMilli);
    }

    @Override
    public void number(int column, double value) {
        columnAt(column).number(row, value);
    }

    @Override
    public void text(int column, String value) {
        columnAt(column).text(row, value);
    }

    private ColumnBlock.Column columnAt(int index) {
        ColumnBlock.Column column = columns[index];
        if (column == null) {
            column = block.column(names.name(index));
            columns[index] = column;
        }
        return column;
    }

    /** Hands on the block under way, if it holds a row. */
    public void finish() {
        if (block != null && block.rows() > 0) {
            done.accept(block);
        }
        block = null;
    }
}

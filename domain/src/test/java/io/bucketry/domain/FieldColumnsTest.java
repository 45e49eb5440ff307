package io.bucketry.domain;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class FieldColumnsTest {

    private static final FieldSchema COLUMNS = FieldSchema.of("temperature", "status", "pressure");
    private static final double NaN = Double.NaN;
    private static final int NO = FieldColumns.NO_TEXT;

    @Test
    void aFullRowHasTheColumnsAsItsNamesAndEqualsTheFieldsOfItsValues() {
        // given
        FieldColumns columns = FieldColumns.builder(COLUMNS, 2)
                .numbers(0, new double[] {21.5, -0.0}).texts(1, new int[] {1, 0}, new String[] {"OK", "WARN"})
                .numbers(2, new double[] {1013.25, 990}).build();

        // when
        Fields first = columns.fieldsAt(0);
        Fields second = columns.fieldsAt(1);

        // then
        assertThat(first.schema()).isSameAs(COLUMNS);
        assertThat(first).isEqualTo(Fields.of(TestReadings.map("temperature", 21.5, "status", "WARN", "pressure", 1013.25)));
        assertThat(second).isEqualTo(Fields.of(TestReadings.map("temperature", -0.0, "status", "OK", "pressure", 990.0)));
        assertThat(Double.doubleToRawLongBits(second.numberAt(0))).isEqualTo(Double.doubleToRawLongBits(-0.0));
        assertThat(first.isText(1)).isTrue();
        assertThat(first.numberAt(1)).isNaN();
        assertThat(first.isText(0)).isFalse();
        assertThat(columns.schema()).isSameAs(COLUMNS);
        assertThat(columns.rows()).isEqualTo(2);
    }

    @Test
    void aRowLackingSomeColumnsHoldsOnlyTheNamesItHas() {
        // given: row 0 lacks the status, row 1 has only it, row 2 only a number of the pressure
        FieldColumns columns = FieldColumns.builder(COLUMNS, 3)
                .numbers(0, new double[] {1, NaN, NaN}).texts(1, new int[] {NO, 0, NO}, new String[] {"OK"})
                .numbers(2, new double[] {2, NaN, 3}).build();

        // then
        assertThat(columns.fieldsAt(0)).isEqualTo(Fields.of(TestReadings.map("temperature", 1.0, "pressure", 2.0)));
        assertThat(columns.fieldsAt(0).schema().names()).containsExactly("temperature", "pressure");
        assertThat(columns.fieldsAt(1)).isEqualTo(Fields.of(TestReadings.map("status", "OK")));
        assertThat(columns.fieldsAt(2)).isEqualTo(Fields.of(TestReadings.map("pressure", 3.0)));
    }

    @Test
    void aColumnMayHoldNumbersInSomeRowsAndTextsInOthers() {
        // given
        FieldColumns columns = FieldColumns.builder(FieldSchema.of("level"), 2)
                .numbers(0, new double[] {5, NaN}).texts(0, new int[] {NO, 0}, new String[] {"high"}).build();

        // then
        assertThat(columns.fieldsAt(0)).isEqualTo(Fields.of(TestReadings.map("level", 5.0)));
        assertThat(columns.fieldsAt(1)).isEqualTo(Fields.of(TestReadings.map("level", "high")));
    }

    @Test
    void rowsOfTheSameTextsInARowShareTheirTextsButNotTheirNumbers() {
        // given: "OK", "OK", "WARN", "OK"
        FieldColumns columns = FieldColumns.builder(COLUMNS, 4).numbers(0, new double[] {1, 2, 3, 4})
                .texts(1, new int[] {0, 0, 1, 0}, new String[] {"OK", "WARN"}).numbers(2, new double[] {5, 6, 7, 8}).build();

        // when
        List<Fields> rows = new ArrayList<>();
        for (int row = 0; row < 4; row++) {
            rows.add(columns.fieldsAt(row));
        }

        // then: each row keeps its own values whatever it shares
        assertThat(rows).extracting(fields -> fields.textAt(1)).containsExactly("OK", "OK", "WARN", "OK");
        assertThat(rows).extracting(fields -> fields.numberAt(0)).containsExactly(1.0, 2.0, 3.0, 4.0);
        assertThat(rows).extracting(fields -> fields.numberAt(2)).containsExactly(5.0, 6.0, 7.0, 8.0);
    }

    @Test
    void numbersAndTextsAreTakenWhenBuiltSoLaterChangesToTheCallersArraysChangeNothing() {
        // given
        double[] numbers = {1, 2};
        int[] codes = {0, 0};
        String[] dictionary = {"OK"};
        FieldColumns columns = FieldColumns.builder(FieldSchema.of("a", "b"), 2).numbers(0, numbers)
                .texts(1, codes, dictionary).build();
        Fields before = columns.fieldsAt(0);

        // when
        numbers[0] = Double.POSITIVE_INFINITY;
        codes[1] = NO;
        dictionary[0] = "changed";

        // then: the rows, and the Fields already built from them, hold what was given
        assertThat(columns.fieldsAt(0)).isEqualTo(Fields.of(TestReadings.map("a", 1.0, "b", "OK")));
        assertThat(columns.fieldsAt(1)).isEqualTo(Fields.of(TestReadings.map("a", 2.0, "b", "OK")));
        assertThat(before.numberAt(0)).isEqualTo(1.0);
    }

    @Test
    void rowsShareOneArrayOfNumbersYetEachReadsOnlyItsOwnColumns() {
        // when
        FieldColumns columns = FieldColumns.builder(FieldSchema.of("a", "b"), 3).numbers(0, new double[] {1, 2, 3})
                .numbers(1, new double[] {10, 20, 30}).build();
        Fields middle = columns.fieldsAt(1);

        // then
        assertThat(middle).isEqualTo(Fields.of(TestReadings.map("a", 2.0, "b", 20.0)));
        assertThat(middle.number("b")).isEqualTo(20.0);
        assertThat(middle.valueAt(0)).isEqualTo(new FieldValue.Numeric(2.0));
        assertThatThrownBy(() -> middle.numberAt(2)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> middle.numberAt(-1)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void longerArraysAreReadOnlyAsFarAsTheRows() {
        // when
        FieldColumns columns = FieldColumns.builder(FieldSchema.of("a"), 1)
                .numbers(0, new double[] {7, Double.POSITIVE_INFINITY}).build();

        // then
        assertThat(columns.fieldsAt(0)).isEqualTo(Fields.of(TestReadings.map("a", 7.0)));
        assertThatThrownBy(() -> columns.fieldsAt(1)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> columns.fieldsAt(-1)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void inColumnsOfNumbersAloneARowWithAnInfiniteOrAbsentNumberIsCheckedOnItsOwnAndTheFullRowsAreAsGiven() {
        // given: two columns of numbers only; row 1 of the first is infinite, row 2 absent
        FieldSchema ab = FieldSchema.of("a", "b");
        FieldColumns columns = FieldColumns.builder(ab, 3)
                .numbers(0, new double[] {1, Double.POSITIVE_INFINITY, NaN}).numbers(1, new double[] {2, 3, 4}).build();

        // then
        assertThat(columns.fieldsAt(0)).isEqualTo(Fields.of(TestReadings.map("a", 1.0, "b", 2.0)));
        assertThatThrownBy(() -> columns.fieldsAt(1)).isInstanceOf(InvalidReadingException.class)
                .hasMessageContaining("field 'a' is Infinity, which is not a finite number");
        assertThatThrownBy(columns::requireValidRows).isInstanceOf(InvalidReadingException.class)
                .hasMessageContaining("field 'a' is Infinity");
        assertThat(columns.fieldsAt(2)).isEqualTo(Fields.of(TestReadings.map("b", 4.0)));
        assertThat(columns.fieldsAt(2).keySet()).containsExactly("b");
    }

    @Test
    void valuesAReadingMayNotHoldAreRefusedWhenTheColumnsAreBuilt() {
        FieldSchema ab = FieldSchema.of("a", "b");
        FieldColumns infinite = FieldColumns.builder(ab, 2).numbers(1, new double[] {1, Double.NEGATIVE_INFINITY}).build();
        assertThat(infinite.fieldsAt(0)).isEqualTo(Fields.of(TestReadings.map("b", 1.0)));
        assertThatThrownBy(() -> infinite.fieldsAt(1)).isInstanceOf(InvalidReadingException.class)
                .hasMessageContaining("field 'b' is -Infinity, which is not a finite number");
        assertThatThrownBy(() -> FieldColumns.builder(ab, 1).texts(0, new int[] {0}, new String[] {"x".repeat(257)}))
                .isInstanceOf(InvalidReadingException.class).hasMessageContaining("field 'a' has a text of 257 characters");
        assertThatThrownBy(() -> FieldColumns.builder(ab, 1).texts(0, new int[] {NO}, new String[] {null}))
                .isInstanceOf(InvalidReadingException.class).hasMessageContaining("field 'a' is null");
    }

    @Test
    void badShapesAreRefusedNamingWhatIsWrong() {
        FieldSchema ab = FieldSchema.of("a", "b");
        assertThatThrownBy(() -> FieldColumns.builder(ab, 2).texts(1, new int[] {0, 1}, new String[] {"OK"}).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("text code 1 of row 1 in column 'b' is outside its 1 texts");
        assertThatThrownBy(() -> FieldColumns.builder(ab, 1).texts(1, new int[] {-2}, new String[] {"OK"}).build())
                .hasMessage("text code -2 of row 0 in column 'b' is outside its 1 texts");
        assertThatThrownBy(() -> FieldColumns.builder(ab, 3).numbers(0, new double[] {1, 2}))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("a column of 2 values for 3 rows");
        assertThatThrownBy(() -> FieldColumns.builder(ab, 3).texts(0, new int[] {0, 0}, new String[] {"OK"}))
                .hasMessage("a column of 2 values for 3 rows");
        assertThatThrownBy(() -> FieldColumns.builder(ab, -1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("rows -1 must not be negative");
        assertThat(FieldColumns.builder(ab, 0).numbers(0, new double[0]).build().rows()).isZero();
        assertThatThrownBy(() -> FieldColumns.builder(ab, 1).numbers(0, new double[] {1}).numbers(0, new double[] {2}))
                .isInstanceOf(IllegalStateException.class).hasMessage("the numbers of column 'a' are set twice");
        assertThatThrownBy(() -> FieldColumns.builder(ab, 1).texts(1, new int[] {0}, new String[] {"x"})
                .texts(1, new int[] {0}, new String[] {"y"})).hasMessage("the texts of column 'b' are set twice");
        assertThatThrownBy(() -> FieldColumns.builder(ab, 1).numbers(2, new double[] {1}))
                .isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void aRowHoldingANumberAndATextInOneColumnIsRefused() {
        FieldColumns both = FieldColumns.builder(FieldSchema.of("a", "b"), 3).numbers(0, new double[] {1, 1, 1})
                .numbers(1, new double[] {1, NaN, 2}).texts(1, new int[] {NO, 0, 0}, new String[] {"x"}).build();
        assertThat(both.fieldsAt(1)).isEqualTo(Fields.of(TestReadings.map("a", 1.0, "b", "x")));
        assertThatThrownBy(() -> both.fieldsAt(2)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("row 2 holds both a number and a text in column 'b'");
    }

    @Test
    void numbersAreCopiedAsTheyAreGivenSoOneArrayMayCarryEveryColumn() {
        // when: one scratch array reused for both columns
        double[] scratch = {1, 2};
        FieldColumns.Builder builder = FieldColumns.builder(FieldSchema.of("a", "b"), 2).numbers(0, scratch);
        scratch[0] = 10;
        scratch[1] = 20;
        FieldColumns columns = builder.numbers(1, scratch).build();

        // then
        assertThat(columns.fieldsAt(0)).isEqualTo(Fields.of(TestReadings.map("a", 1.0, "b", 10.0)));
        assertThat(columns.fieldsAt(1)).isEqualTo(Fields.of(TestReadings.map("a", 2.0, "b", 20.0)));
        assertThat(columns.numberAt(1, 0)).isEqualTo(2.0);
        assertThat(columns.numberAt(1, 1)).isEqualTo(20.0);
        assertThatThrownBy(() -> columns.numberAt(2, 0)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> columns.numberAt(0, 2)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void everyRowIsCheckedAtOnceWhenAStoreAsks() {
        // given
        FieldSchema ab = FieldSchema.of("a", "b");
        FieldColumns good = FieldColumns.builder(ab, 3).numbers(0, new double[] {1, NaN, 3})
                .texts(1, new int[] {NO, 0, 0}, new String[] {"OK"}).build();
        FieldColumns infinite = FieldColumns.builder(ab, 3).numbers(0, new double[] {1, 2, Double.NEGATIVE_INFINITY})
                .numbers(1, new double[] {1, 2, 3}).build();
        FieldColumns empty = FieldColumns.builder(ab, 2).numbers(0, new double[] {1, NaN}).build();

        // then: a valid set (partial rows too) passes; the first bad row fails as fieldsAt would
        assertThat(good.requireValidRows()).isSameAs(good);
        assertThat(good.numberAt(1, 0)).isNaN();
        assertThatThrownBy(infinite::requireValidRows).isInstanceOf(InvalidReadingException.class)
                .hasMessageContaining("field 'a' is -Infinity");
        assertThatThrownBy(empty::requireValidRows).isInstanceOf(InvalidReadingException.class)
                .hasMessage("a reading needs at least one field");
    }

    @Test
    void aValueTheFieldsBuilderRefusesLeavesItsFieldUnset() {
        // given
        Fields.Builder builder = Fields.builder(FieldSchema.of("a", "b", "c"));

        // when: a refused number and a refused text, caught by the caller
        assertThatThrownBy(() -> builder.number(0, Double.NaN)).isInstanceOf(InvalidReadingException.class);
        assertThatThrownBy(() -> builder.text(1, "x".repeat(257))).isInstanceOf(InvalidReadingException.class);

        // then: neither field came to be, and each may still be set
        assertThat(builder.number(2, 1.5).build()).isEqualTo(Fields.of(TestReadings.map("c", 1.5)));
        Fields.Builder again = Fields.builder(FieldSchema.of("a", "b"));
        assertThatThrownBy(() -> again.number(0, Double.POSITIVE_INFINITY)).isInstanceOf(InvalidReadingException.class);
        assertThatThrownBy(() -> again.text(1, null)).isInstanceOf(InvalidReadingException.class);
        assertThat(again.number(0, 2.5).text(1, "OK").build()).isEqualTo(Fields.of(TestReadings.map("a", 2.5, "b", "OK")));
    }

    @Test
    void detachedFieldsHoldOnlyTheirOwnNumbersAndEqualTheShared() {
        // given
        FieldColumns columns = FieldColumns.builder(FieldSchema.of("a", "b"), 2).numbers(0, new double[] {1, 2})
                .numbers(1, new double[] {3, 4}).build();
        Fields shared = columns.fieldsAt(1);
        Fields own = Fields.of(TestReadings.map("a", 2.0));

        // when
        Fields detached = shared.detached();

        // then
        assertThat(detached).isEqualTo(shared).isNotSameAs(shared);
        assertThat(detached.numberAt(0)).isEqualTo(2.0);
        assertThat(detached.numberAt(1)).isEqualTo(4.0);
        assertThatThrownBy(() -> detached.numberAt(2)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThat(detached.detached()).isSameAs(detached);
        assertThat(own.detached()).isSameAs(own);
        assertThat(columns.fieldsAt(0).detached()).isEqualTo(Fields.of(TestReadings.map("a", 1.0, "b", 3.0)));
    }

    @Test
    void aBadValueIsRefusedEvenWhereItIsTheRowsOnlyColumn() {
        // given: one column each, so that no other column of the row marks it for checking
        FieldSchema b = FieldSchema.of("b");
        FieldColumns both = FieldColumns.builder(b, 1).numbers(0, new double[] {2}).texts(0, new int[] {0}, new String[] {"x"}).build();
        FieldColumns infinite = FieldColumns.builder(b, 1).numbers(0, new double[] {Double.POSITIVE_INFINITY}).build();
        FieldColumns someTexts = FieldColumns.builder(b, 2).texts(0, new int[] {0, NO}, new String[] {"x"}).build();
        FieldColumns mixedInfinite = FieldColumns.builder(b, 2).numbers(0, new double[] {Double.NEGATIVE_INFINITY, NaN})
                .texts(0, new int[] {NO, 0}, new String[] {"x"}).build();

        // then
        assertThatThrownBy(() -> both.fieldsAt(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("row 0 holds both a number and a text in column 'b'");
        assertThatThrownBy(() -> infinite.fieldsAt(0)).isInstanceOf(InvalidReadingException.class)
                .hasMessageContaining("field 'b' is Infinity");
        assertThat(someTexts.fieldsAt(0)).isEqualTo(Fields.of(TestReadings.map("b", "x")));
        assertThatThrownBy(() -> someTexts.fieldsAt(1)).isInstanceOf(InvalidReadingException.class)
                .hasMessage("a reading needs at least one field");
        assertThatThrownBy(() -> mixedInfinite.fieldsAt(0)).isInstanceOf(InvalidReadingException.class)
                .hasMessageContaining("field 'b' is -Infinity");
        assertThat(mixedInfinite.fieldsAt(1)).isEqualTo(Fields.of(TestReadings.map("b", "x")));
    }

    @Test
    void aRowWithNoFieldOrMoreThanAReadingMayHaveIsRefusedWhenAskedFor() {
        // given
        FieldColumns someEmpty = FieldColumns.builder(FieldSchema.of("a", "b"), 2).numbers(0, new double[] {1, NaN}).build();
        FieldColumns none = FieldColumns.builder(FieldSchema.EMPTY, 1).build();
        List<String> names = new ArrayList<>();
        for (int i = 0; i <= FieldSchema.MAX_FIELDS; i++) {
            names.add("f" + i);
        }
        FieldColumns.Builder wide = FieldColumns.builder(FieldSchema.of(names), 1);
        for (int i = 0; i <= FieldSchema.MAX_FIELDS; i++) {
            wide.numbers(i, new double[] {i});
        }
        FieldColumns tooMany = wide.build();

        // then
        assertThat(someEmpty.fieldsAt(0)).isEqualTo(Fields.of(TestReadings.map("a", 1.0)));
        assertThatThrownBy(() -> someEmpty.fieldsAt(1)).isInstanceOf(InvalidReadingException.class)
                .hasMessage("a reading needs at least one field");
        assertThatThrownBy(() -> none.fieldsAt(0)).isInstanceOf(InvalidReadingException.class)
                .hasMessage("a reading needs at least one field");
        assertThatThrownBy(() -> tooMany.fieldsAt(0)).isInstanceOf(InvalidReadingException.class)
                .hasMessage("a reading has 65 fields; at most 64 are allowed");
    }

    @Test
    void everyRowEqualsWhatTheBuilderGivesForItsValues() {
        long seed = new Random().nextLong();
        Random random = new Random(seed);
        for (int round = 0; round < 200; round++) {
            // given: random columns, each of numbers, texts, both (on different rows) or none
            int width = 1 + random.nextInt(5);
            int rows = 1 + random.nextInt(8);
            List<String> names = new ArrayList<>();
            for (int i = 0; i < width; i++) {
                names.add("c" + i);
            }
            FieldSchema schema = FieldSchema.of(names);
            String[] dictionary = {"OK", "WARN", ""};
            double[][] numbers = new double[width][];
            int[][] codes = new int[width][];
            FieldColumns.Builder builder = FieldColumns.builder(schema, rows);
            for (int column = 0; column < width; column++) {
                int kind = random.nextInt(4);
                numbers[column] = new double[rows];
                codes[column] = new int[rows];
                for (int row = 0; row < rows; row++) {
                    boolean text = kind == 1 || kind == 2 && random.nextBoolean();
                    boolean absent = kind == 3 || random.nextInt(4) == 0;
                    numbers[column][row] = absent || text ? NaN : random.nextInt(100) - 50;
                    codes[column][row] = absent || !text ? NO : random.nextInt(dictionary.length);
                }
                if (kind != 1 && kind != 3) {
                    builder.numbers(column, numbers[column]);
                }
                if (kind == 1 || kind == 2) {
                    builder.texts(column, codes[column], dictionary);
                }
            }
            FieldColumns columns = builder.build();

            // then: each row as the builder of single values makes it, or the same refusal
            for (int row = 0; row < rows; row++) {
                Fields.Builder expected = Fields.builder(schema);
                int given = 0;
                for (int column = 0; column < width; column++) {
                    if (!Double.isNaN(numbers[column][row])) {
                        expected.number(column, numbers[column][row]);
                        given++;
                    } else if (codes[column][row] != NO) {
                        expected.text(column, dictionary[codes[column][row]]);
                        given++;
                    }
                }
                if (given == 0) {
                    int emptyRow = row;
                    assertThatThrownBy(() -> columns.fieldsAt(emptyRow)).as("seed %d", seed)
                            .isInstanceOf(InvalidReadingException.class);
                    continue;
                }
                Fields fields = columns.fieldsAt(row);
                assertThat(fields).as("seed %d round %d row %d", seed, round, row).isEqualTo(expected.build());
                assertThat(fields.schema() == schema).as("seed %d: full rows share the schema", seed)
                        .isEqualTo(given == width);
            }
        }
    }
}

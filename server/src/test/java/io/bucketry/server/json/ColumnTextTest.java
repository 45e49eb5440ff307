package io.bucketry.server.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

class ColumnTextTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final double[] ODD = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -0.0, 0.0,
        Double.MIN_VALUE, Double.MAX_VALUE, 1e-3, 1e7, 0.1 + 0.2};

    /** One value of a column: the generator's way and the column's way of writing it. */
    private interface Value {
        void generate(JsonGenerator out) throws IOException;

        void append(ColumnText column);
    }

    @Test
    void columnsReadBackAsTheGeneratorsValueByValueWritingOfThem() throws IOException {
        Random random = new Random(34);
        for (int round = 0; round < 300; round++) {
            Value[][] columns = new Value[1 + random.nextInt(4)][];
            for (int c = 0; c < columns.length; c++) {
                columns[c] = new Value[random.nextInt(round < 10 ? 3 : round % 10 == 0 ? 3000 : 400)];
                for (int i = 0; i < columns[c].length; i++) {
                    columns[c][i] = value(random);
                }
            }
            StringWriter expected = new StringWriter();
            // bytes, as an answer is written: columns longer than the generator's buffer go around it
            ByteArrayOutputStream actual = new ByteArrayOutputStream();
            JsonFactory factory = new JsonFactory();
            ColumnText column = new ColumnText();
            try (JsonGenerator old = factory.createGenerator(expected); JsonGenerator out = factory.createGenerator(actual)) {
                old.writeStartObject();
                out.writeStartObject();
                for (int c = 0; c < columns.length; c++) {
                    old.writeArrayFieldStart("c" + c);
                    out.writeFieldName("c" + c);
                    column.start();
                    for (Value value : columns[c]) {
                        value.generate(old);
                        value.append(column);
                    }
                    old.writeEndArray();
                    column.write(out);
                }
                old.writeEndObject();
                out.writeEndObject();
            }
            JsonNode read = MAPPER.readTree(actual.toByteArray());
            assertThat(read).isEqualTo(MAPPER.readTree(expected.toString()));
        }
    }

    @Test
    void textsOfPrintableAsciiAreWrittenAsTheyAreAndOtherCharsEscaped() throws IOException {
        StringWriter text = new StringWriter();
        ColumnText column = new ColumnText().start();
        column.text("sensor-0001");
        column.text("a\"b\\c\n\u00e9\ud800");
        column.number(21.37);
        column.number(1_700_000_000_000L);
        column.nothing();
        column.bool(false);
        try (JsonGenerator out = new JsonFactory().createGenerator(text)) {
            column.write(out);
        }
        assertThat(text.toString())
                .isEqualTo("[\"sensor-0001\",\"a\\\"b\\\\c\\u000a\\u00e9\\ud800\",21.37,1700000000000,null,false]");
    }

    @Test
    void theSameTextIsWrittenToBytesAsToChars() throws IOException {
        ColumnText column = new ColumnText().start();
        column.text("temp\u00e9rature");
        column.number(-0.005);
        column.number(Double.NaN);
        StringWriter chars = new StringWriter();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JsonGenerator out = new JsonFactory().createGenerator(chars)) {
            column.write(out);
        }
        column.start();
        column.text("temp\u00e9rature");
        column.number(-0.005);
        column.number(Double.NaN);
        try (JsonGenerator out = new JsonFactory().createGenerator(bytes)) {
            column.write(out);
        }
        assertThat(bytes.toString(StandardCharsets.UTF_8)).isEqualTo(chars.toString())
                .isEqualTo("[\"temp\\u00e9rature\",-0.005,\"NaN\"]");
    }

    private static Value value(Random random) {
        switch (random.nextInt(7)) {
            case 0: {
                long number = random.nextLong() >> random.nextInt(64);
                return of(out -> out.writeNumber(number), column -> column.number(number));
            }
            case 1: {
                double number = random.nextInt(10) == 0 ? ODD[random.nextInt(ODD.length)]
                        : Math.round(random.nextGaussian() * 100_000) / Math.pow(10, random.nextInt(6));
                return of(out -> out.writeNumber(number), column -> column.number(number));
            }
            case 2: {
                double number = Double.longBitsToDouble(random.nextLong());
                return of(out -> out.writeNumber(number), column -> column.number(number));
            }
            case 3:
                return of(JsonGenerator::writeNull, ColumnText::nothing);
            case 4: {
                boolean flag = random.nextBoolean();
                return of(out -> out.writeBoolean(flag), column -> column.bool(flag));
            }
            default: {
                StringBuilder chars = new StringBuilder();
                int length = random.nextInt(20);
                for (int i = 0; i < length; i++) {
                    chars.append(random.nextInt(4) == 0 ? (char) random.nextInt(0x10000) : (char) (0x20 + random.nextInt(0x60)));
                }
                String string = chars.toString();
                return of(out -> out.writeString(string), column -> column.text(string));
            }
        }
    }

    private interface Generate {
        void generate(JsonGenerator out) throws IOException;
    }

    private interface Append {
        void append(ColumnText column);
    }

    private static Value of(Generate generate, Append append) {
        return new Value() {
            @Override
            public void generate(JsonGenerator out) throws IOException {
                generate.generate(out);
            }

            @Override
            public void append(ColumnText column) {
                append.append(column);
            }
        };
    }
}

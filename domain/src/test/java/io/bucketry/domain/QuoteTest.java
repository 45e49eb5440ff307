package io.bucketry.domain;

import org.junit.jupiter.api.Test;

import java.math.BigInteger;

import static org.assertj.core.api.Assertions.assertThat;

class QuoteTest {

    @Test
    void aTextOfExactly64CharactersIsShownWholeAndOneOf65IsCutAfter64() {
        String longest = "a".repeat(63) + "z";

        assertThat(Quote.of(longest)).isEqualTo("'" + longest + "'");
        assertThat(Quote.of(longest + "!")).isEqualTo("'" + longest + "…'");
    }

    @Test
    void aNumberOfExactly64DigitsIsShownWholeAndOneOf65IsCutAfter64() {
        BigInteger longest = BigInteger.TEN.pow(63);   // 1 and 63 zeros: 64 digits
        BigInteger tooLong = BigInteger.TEN.pow(64);

        assertThat(Quote.number(longest)).isEqualTo(longest.toString()).hasSize(64);
        assertThat(Quote.number(tooLong)).isEqualTo(longest + "…");
    }
}

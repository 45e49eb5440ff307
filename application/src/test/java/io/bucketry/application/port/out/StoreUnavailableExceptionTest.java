package io.bucketry.application.port.out;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class StoreUnavailableExceptionTest {

    @Test
    void theDriversTextIsCutToItsFirstSentenceOnOneLine() {
        assertThat(StoreUnavailableException.firstSentence("Timed out after 30 ms. Client view of\n cluster {a. b}"))
                .isEqualTo("Timed out after 30 ms");
        assertThat(StoreUnavailableException.firstSentence("  one\n line  ")).isEqualTo("one line");
        assertThat(StoreUnavailableException.firstSentence(null)).isEqualTo("no detail given");
        assertThat(StoreUnavailableException.firstSentence(" ")).isEqualTo("no detail given");
    }

    @Test
    void anUnreachableServerIsNamedWithWhatToCheck() {
        IllegalStateException cause = new IllegalStateException("x");
        StoreUnavailableException e = StoreUnavailableException.unreachable("b: could not store", "h:1",
                "Timed out after 5 ms. dump", cause);

        assertThat(e).hasCause(cause).hasMessage("b: could not store: the server at h:1 did not answer (Timed out after"
                + " 5 ms). Check that it is running and reachable from here, and the hosts, port and TLS options of the"
                + " connection string");
    }

    @Test
    void anOperationPastItsTimeLimitNamesTheLimitAndWhatRaisesIt() {
        IllegalStateException cause = new IllegalStateException("x");

        assertThat(StoreUnavailableException.timedOut("b: could not store", "h:1", 10000L, "the key mongoTimeout", cause))
                .hasCause(cause).hasMessage("b: could not store: the operation did not complete within its time limit"
                        + " of 10000 ms (raise it with the key mongoTimeout); the server at h:1 may be overloaded");
        assertThat(StoreUnavailableException.timedOut("b: could not store", "h:1", null, null, cause))
                .hasMessage("b: could not store: the operation did not complete within its time limit; the server at"
                        + " h:1 may be overloaded");
    }

    @Test
    void refusedCredentialsAreNamedWithTheOptionsToCheck() {
        IllegalStateException cause = new IllegalStateException("x");

        assertThat(StoreUnavailableException.refusedCredentials("b: could not store", "h:1", "Auth failed. dump", cause))
                .hasCause(cause).hasMessage("b: could not store: the server at h:1 refused the credentials (Auth failed)."
                        + " Check the user name, password, authSource and authMechanism of the connection string");
    }
}

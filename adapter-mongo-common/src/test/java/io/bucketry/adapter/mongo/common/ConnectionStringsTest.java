package io.bucketry.adapter.mongo.common;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

class ConnectionStringsTest {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiterString = " -> ", quoteCharacter = '`', textBlock = """
            mongodb://localhost:27017 -> mongodb://localhost:27017
            mongodb://localhost -> mongodb://localhost
            mongodb://h1:27017,h2:27018/db?replicaSet=rs -> mongodb://h1:27017,h2:27018/db?replicaSet=rs
            mongodb://alice:s3cret@db.example:27017/x?tls=true -> mongodb://***@db.example:27017/x?tls=true
            mongodb://alice@db.example -> mongodb://***@db.example
            mongodb+srv://alice:s3cret@cluster0.example/?retryWrites=true -> mongodb+srv://***@cluster0.example/?retryWrites=true
            mongodb://ann:s3cr%40t@db1:27017,db2/?tls=true -> mongodb://***@db1:27017,db2/?tls=true
            mongodb://u:p@[::1]:27017/db -> mongodb://***@[::1]:27017/db
            mongodb://u:p@%2Ftmp%2Fmongodb-27017.sock -> mongodb://***@%2Ftmp%2Fmongodb-27017.sock
            mongodb://host/?appName=a@b -> mongodb://host/?appName=a@b
            mongodb://host?appName=a@b -> mongodb://host?appName=a@b
            mongodb://u:p@host/db?appName=a@b -> mongodb://***@host/db?appName=a@b
            mongodb://localhost/x?a=b@c -> mongodb://localhost/x?a=b@c
            mongodb://host/my@db -> mongodb://host/my@db
            mongodb://alice:p@ss/w@rd@host/x -> mongodb://***@host/x
            mongodb+srv://bob:p@ss/w@cluster0.example -> mongodb+srv://***@cluster0.example
            mongodb://u:p/w@host -> mongodb://***@host
            mongodb://host/?password=s3cret -> mongodb://host/?password=***
            mongodb://host/?authSource=admin&password=s3cret&tls=true -> mongodb://host/?authSource=admin&password=***&tls=true
            mongodb://host/?tlsCertificateKeyFilePassword=s3cret -> mongodb://host/?tlsCertificateKeyFilePassword=***
            mongodb://host/?sslPEMKeyPassword=s3cret;ssl=true -> mongodb://host/?sslPEMKeyPassword=***;ssl=true
            mongodb://host/?TLSCERTIFICATEKEYFILEPASSWORD=s3cret -> mongodb://host/?TLSCERTIFICATEKEYFILEPASSWORD=***
            mongodb://host/?clientSecret=s3cret -> mongodb://host/?clientSecret=***
            mongodb://host/?accessToken=s3cret -> mongodb://host/?accessToken=***
            mongodb://host/?awsCredential=s3cret -> mongodb://host/?awsCredential=***
            mongodb://host/?pass%77ord=s3cret -> mongodb://host/?pass%77ord=***
            mongodb://host/?password=s3c&ret&tls=true -> mongodb://host/?password=***&***&tls=true
            mongodb://host/?authMechanism=MONGODB-AWS&authMechanismProperties=AWS_SESSION_TOKEN:s3cret -> mongodb://host/?authMechanism=MONGODB-AWS&authMechanismProperties=AWS_SESSION_TOKEN:***
            `mongodb://host/?authMechanismProperties=SERVICE_NAME:mongodb,AWS_SESSION_TOKEN:s3cret` -> `mongodb://host/?authMechanismProperties=SERVICE_NAME:mongodb,AWS_SESSION_TOKEN:***`
            mongodb://host/?authMechanismProperties=AWS_SESSION_TOKEN%3As3cret -> mongodb://host/?authMechanismProperties=AWS_SESSION_TOKEN:***
            mongodb://host/?authMechanismProperties=SERVICE_NAME%3Amongodb -> mongodb://host/?authMechanismProperties=SERVICE_NAME%3Amongodb
            mongodb://u:p@host/?authMechanism=GSSAPI&authMechanismProperties=SERVICE_NAME:mongo -> mongodb://***@host/?authMechanism=GSSAPI&authMechanismProperties=SERVICE_NAME:mongo
            mongo://alice:s3cret@db -> mongo://***@db
            mongodb://@host -> mongodb://***@host
            ://u:p@h -> ://***@h
            ?password=s3cret -> ?password=***
            mongodb://host/@db -> mongodb://host/@db
            mongodb://u:@host/my@db -> mongodb://***@host/my@db
            mongodb://u:p/@host -> mongodb://***@host
            mongodb://u:p/w@host?@x=1 -> mongodb://***@host?@x=1
            mongodb://host/?%70assword=s3cret -> mongodb://host/?%70assword=***
            mongodb://host/?pass%4=s3cret&token%7=s3cret -> mongodb://host/?pass%4=***&token%7=***
            mongodb://host/?password=s3c&=ret&tls=true -> mongodb://host/?password=***&***&tls=true
            mongodb://host/?=token -> mongodb://host/?=token
            mongodb://host/?authMechanismProperties=:AWS_SESSION_TOKEN -> mongodb://host/?authMechanismProperties=:AWS_SESSION_TOKEN
            alice:s3cret@db -> ***@db
            mongodb:// -> mongodb://
            '' -> ''
            """)
    void everyCredentialIsHiddenAndTheHostIsShown(String uri, String masked) {
        assertThat(ConnectionStrings.mask(uri)).isEqualTo(masked);
    }

    @Test
    void aMaskedUriNeverHoldsTheSecretOfAnyCase() {
        for (String uri : new String[] {"mongodb://alice:s3cret@h/?password=s3cret",
                "mongodb://h/?authMechanismProperties=SERVICE_NAME:x,AWS_SESSION_TOKEN:s3cret&tlsCertificateKeyFilePassword=s3cret"}) {
            assertThat(ConnectionStrings.mask(uri)).as(uri).doesNotContain("s3cret").startsWith("mongodb://").contains("h");
        }
    }

    @Test
    void theKeptPropertiesOfAMaskedValueShowEveryAsciiEscapeDecodedAndNoOther() {
        // given: kept properties with escapes at the edges of ASCII (%00, %09, %7F) and just past it (%80)
        String uri = "mongodb://h/?authMechanismProperties=SERVICE_NAME:a%00b%09c%7Fd%80e,AWS_SESSION_TOKEN:s3cret";

        // when
        String masked = ConnectionStrings.mask(uri);

        // then
        assertThat(masked).isEqualTo("mongodb://h/?authMechanismProperties=SERVICE_NAME:a\u0000b\tc\u007Fd%80e,"
                + "AWS_SESSION_TOKEN:***");
    }

    @Test
    void nullStaysNull() {
        assertThat(ConnectionStrings.mask(null)).isNull();
    }
}

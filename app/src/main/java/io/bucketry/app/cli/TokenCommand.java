package io.bucketry.app.cli;

import io.bucketry.server.security.AccessTokens;
import io.bucketry.server.security.Scope;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;

/** {@code bucketry token}: makes a random token, prints it once and the hashed entry to configure. */
@Command(name = "token", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Make a random API token: print it once, and the line to add to the tokens key "
                + "(which holds only its SHA-256 hash).")
public final class TokenCommand implements Callable<Integer> {

    @ParentCommand
    BucketryCommand parent;

    @Option(names = "--scope", paramLabel = "SCOPE", split = ",", defaultValue = "read",
            description = "What the token may do: read, write, admin (admin implies read and write); "
                    + "several apart by commas, e.g. read,write (default read).")
    List<String> scopes;

    @Override
    public Integer call() {
        Set<Scope> granted = EnumSet.noneOf(Scope.class);
        scopes.forEach(s -> granted.add(Scope.parse(s)));
        String token = AccessTokens.newToken();
        parent.out.println("token (shown only now; give it to the client): " + token);
        parent.out.println("tokens entry (add it to the tokens key, BUCKETRY_TOKENS or --tokens): "
                + AccessTokens.entryOf(token, granted));
        return 0;
    }
}

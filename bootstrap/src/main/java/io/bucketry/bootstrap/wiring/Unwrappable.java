package io.bucketry.bootstrap.wiring;

import com.google.inject.BindingAnnotation;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks the set of parts a store module offers through {@link io.bucketry.bootstrap.Bucketry#unwrap}
 * (such as the settings it opened its store with): only these, never the rest of the wiring.
 */
@BindingAnnotation
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.PARAMETER, ElementType.METHOD})
public @interface Unwrappable {
}

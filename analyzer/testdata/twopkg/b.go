// Twopkg has a second doc comment.
// want +2 `A018 package-directive: a second //subako:package directive`
//
//subako:package again
package twopkg

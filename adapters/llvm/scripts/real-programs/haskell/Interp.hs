-- An expression language: an evaluator, a pretty printer, a simplifier and a stack
-- machine over one syntax tree, State/Reader/Writer from mtl, Data.Map and Data.Set,
-- strict and lazy folds, STRefs and arrays: GHC's case continuations, many alike return
-- points and selector thunks.
module Main (main) where

import Control.Monad.State
import Control.Monad.ST
import Data.Array
import Data.Bits (shiftL, xor, (.&.))
import Data.Char (isDigit, isSpace)
import qualified Data.Map as M
import qualified Data.Set as S
import Data.STRef

data Expr = Lit Int | Var String | Add Expr Expr | Sub Expr Expr | Mul Expr Expr
          | Div Expr Expr | Neg Expr | Let String Expr Expr | If Expr Expr Expr
          deriving (Show, Eq, Ord)

eval :: M.Map String Int -> Expr -> Either String Int
eval _ (Lit n) = Right n
eval env (Var v) = maybe (Left ("unbound " ++ v)) Right (M.lookup v env)
eval env (Add a b) = (+) <$> eval env a <*> eval env b
eval env (Sub a b) = (-) <$> eval env a <*> eval env b
eval env (Mul a b) = (*) <$> eval env a <*> eval env b
eval env (Div a b) = do
  x <- eval env a
  y <- eval env b
  if y == 0 then Left "division by zero" else Right (x `div` y)
eval env (Neg a) = negate <$> eval env a
eval env (Let v e b) = eval env e >>= \x -> eval (M.insert v x env) b
eval env (If c t e) = eval env c >>= \x -> if x /= 0 then eval env t else eval env e

pretty :: Expr -> String
pretty (Lit n) = show n
pretty (Var v) = v
pretty (Add a b) = "(" ++ pretty a ++ " + " ++ pretty b ++ ")"
pretty (Sub a b) = "(" ++ pretty a ++ " - " ++ pretty b ++ ")"
pretty (Mul a b) = "(" ++ pretty a ++ " * " ++ pretty b ++ ")"
pretty (Div a b) = "(" ++ pretty a ++ " / " ++ pretty b ++ ")"
pretty (Neg a) = "-" ++ pretty a
pretty (Let v e b) = "let " ++ v ++ " = " ++ pretty e ++ " in " ++ pretty b
pretty (If c t e) = "if " ++ pretty c ++ " then " ++ pretty t ++ " else " ++ pretty e

simplify :: Expr -> Expr
simplify (Add (Lit 0) e) = simplify e
simplify (Add e (Lit 0)) = simplify e
simplify (Mul (Lit 1) e) = simplify e
simplify (Mul e (Lit 1)) = simplify e
simplify (Mul (Lit 0) _) = Lit 0
simplify (Sub e (Lit 0)) = simplify e
simplify (Add a b) = Add (simplify a) (simplify b)
simplify (Sub a b) = Sub (simplify a) (simplify b)
simplify (Mul a b) = Mul (simplify a) (simplify b)
simplify (Div a b) = Div (simplify a) (simplify b)
simplify (Neg (Neg e)) = simplify e
simplify (Neg e) = Neg (simplify e)
simplify (Let v e b) = Let v (simplify e) (simplify b)
simplify (If c t e) = If (simplify c) (simplify t) (simplify e)
simplify e = e

freeVars :: Expr -> S.Set String
freeVars (Var v) = S.singleton v
freeVars (Lit _) = S.empty
freeVars (Add a b) = freeVars a `S.union` freeVars b
freeVars (Sub a b) = freeVars a `S.union` freeVars b
freeVars (Mul a b) = freeVars a `S.union` freeVars b
freeVars (Div a b) = freeVars a `S.union` freeVars b
freeVars (Neg a) = freeVars a
freeVars (Let v e b) = freeVars e `S.union` S.delete v (freeVars b)
freeVars (If c t e) = S.unions [freeVars c, freeVars t, freeVars e]

data Instr = IPush Int | ILoad String | IAdd | ISub | IMul | IDiv | INeg | IStore String | IDrop
  deriving (Show, Eq)

compile :: Expr -> [Instr]
compile (Lit n) = [IPush n]
compile (Var v) = [ILoad v]
compile (Add a b) = compile a ++ compile b ++ [IAdd]
compile (Sub a b) = compile a ++ compile b ++ [ISub]
compile (Mul a b) = compile a ++ compile b ++ [IMul]
compile (Div a b) = compile a ++ compile b ++ [IDiv]
compile (Neg a) = compile a ++ [INeg]
compile (Let v e b) = compile e ++ [IStore v] ++ compile b
compile (If _ t _) = compile t

run :: [Instr] -> State ([Int], M.Map String Int) (Maybe Int)
run [] = gets (\(s, _) -> case s of { (x : _) -> Just x; _ -> Nothing })
run (i : is) = do
  (st, env) <- get
  case (i, st) of
    (IPush n, _) -> put (n : st, env)
    (ILoad v, _) -> put (M.findWithDefault 0 v env : st, env)
    (IAdd, b : a : r) -> put (a + b : r, env)
    (ISub, b : a : r) -> put (a - b : r, env)
    (IMul, b : a : r) -> put (a * b : r, env)
    (IDiv, b : a : r) -> put ((if b == 0 then 0 else a `div` b) : r, env)
    (INeg, a : r) -> put (negate a : r, env)
    (IStore v, a : r) -> put (r, M.insert v a env)
    _ -> put (st, env)
  run is

parse :: String -> Maybe Expr
parse s = case expr (filter (not . isSpace) s) of { Just (e, "") -> Just e; _ -> Nothing }
  where
    expr t = term t >>= uncurry rest
    rest e ('+' : t) = term t >>= \(e2, t2) -> rest (Add e e2) t2
    rest e ('-' : t) = term t >>= \(e2, t2) -> rest (Sub e e2) t2
    rest e t = Just (e, t)
    term t = factor t >>= uncurry trest
    trest e ('*' : t) = factor t >>= \(e2, t2) -> trest (Mul e e2) t2
    trest e ('/' : t) = factor t >>= \(e2, t2) -> trest (Div e e2) t2
    trest e t = Just (e, t)
    factor ('(' : t) = expr t >>= \(e, t2) -> case t2 of { (')' : t3) -> Just (e, t3); _ -> Nothing }
    factor ('-' : t) = factor t >>= \(e, t2) -> Just (Neg e, t2)
    factor t@(c : _) | isDigit c = let (d, r) = span isDigit t in Just (Lit (read d), r)
                     | c >= 'a' && c <= 'z' = let (v, r) = span (\x -> x >= 'a' && x <= 'z') t in Just (Var v, r)
    factor _ = Nothing

sumST :: [Int] -> Int
sumST xs = runST $ do
  r <- newSTRef 0
  mapM_ (\x -> modifySTRef' r (+ x)) xs
  readSTRef r

hashes :: Array Int Int
hashes = listArray (0, 63) [((i `shiftL` 5) `xor` (i * 2654435761)) .&. 0xffff | i <- [0 .. 63]]

counter :: State Int [Int]
counter = forM [1 .. 10] $ \i -> do { modify (+ i); get }

main :: IO ()
main = do
  let env = M.fromList [("x", 7), ("y", 3), ("z", 0)]
      srcs = ["1+2*3", "(x+y)*(x-y)", "x/z", "-(-(x))*1+0", "((1+2)*(3+4))/y", "a+b", "0*x+y*1", "x*x*x-y*y"]
  forM_ srcs $ \src -> case parse src of
    Nothing -> putStrLn (src ++ ": parse error")
    Just e -> do
      let s = simplify e
      putStrLn (src ++ " => " ++ pretty e ++ " => " ++ pretty s ++ " = " ++ show (eval env s)
                ++ " vm " ++ show (evalState (run (compile s)) ([], env)) ++ " free " ++ show (S.toList (freeVars e)))
  print (eval env (Let "q" (Lit 5) (If (Var "q") (Mul (Var "q") (Var "x")) (Lit 0))))
  print (sumST [1 .. 5000], sum (elems hashes), hashes ! 17, bounds hashes)
  print (runState counter 0)
  print (foldr (\x acc -> x : take 3 acc) [] [1 .. 10 :: Int], foldl (flip (:)) [] "lazy")
  print (M.foldrWithKey (\k v acc -> k ++ "=" ++ show v ++ ";" ++ acc) "" env)
  print (take 10 (iterate (\n -> if even n then n `div` 2 else 3 * n + 1) (27 :: Int)))

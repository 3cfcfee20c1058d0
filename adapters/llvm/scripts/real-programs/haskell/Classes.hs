-- Type classes with many instances, derived instances of records of one shape,
-- Data.Map, IORef, laziness and exceptions: GHC writes many alike closures and
-- info tables (prefix data) of one code, built with GHC's LLVM backend.
{-# LANGUAGE ScopedTypeVariables, ExistentialQuantification #-}
module Main (main) where

import Control.Exception
import Data.IORef
import Data.List (foldl', sortBy)
import qualified Data.Map.Strict as M
import Data.Ord (comparing)
import Text.Printf (printf)

class Shape a where
  area :: a -> Double
  perimeter :: a -> Double
  name :: a -> String
  scale :: Double -> a -> a

data Circle = Circle Double deriving (Show, Eq, Ord)
data Square = Square Double deriving (Show, Eq, Ord)
data Rect = Rect Double Double deriving (Show, Eq, Ord)
data Tri = Tri Double Double Double deriving (Show, Eq, Ord)
data Hexagon = Hexagon Double deriving (Show, Eq, Ord)
data Ellipse = Ellipse Double Double deriving (Show, Eq, Ord)

instance Shape Circle where
  area (Circle r) = pi * r * r
  perimeter (Circle r) = 2 * pi * r
  name _ = "circle"
  scale k (Circle r) = Circle (k * r)
instance Shape Square where
  area (Square s) = s * s
  perimeter (Square s) = 4 * s
  name _ = "square"
  scale k (Square s) = Square (k * s)
instance Shape Rect where
  area (Rect a b) = a * b
  perimeter (Rect a b) = 2 * (a + b)
  name _ = "rect"
  scale k (Rect a b) = Rect (k * a) (k * b)
instance Shape Tri where
  area (Tri a b c) = let s = (a + b + c) / 2 in sqrt (s * (s - a) * (s - b) * (s - c))
  perimeter (Tri a b c) = a + b + c
  name _ = "triangle"
  scale k (Tri a b c) = Tri (k * a) (k * b) (k * c)
instance Shape Hexagon where
  area (Hexagon s) = 3 * sqrt 3 / 2 * s * s
  perimeter (Hexagon s) = 6 * s
  name _ = "hexagon"
  scale k (Hexagon s) = Hexagon (k * s)
instance Shape Ellipse where
  area (Ellipse a b) = pi * a * b
  perimeter (Ellipse a b) = pi * (3 * (a + b) - sqrt ((3 * a + b) * (a + 3 * b)))
  name _ = "ellipse"
  scale k (Ellipse a b) = Ellipse (k * a) (k * b)

data AnyShape = forall s. (Shape s, Show s) => AnyShape s

describe :: AnyShape -> String
describe (AnyShape s) = printf "%-8s %-28s area %10.3f perimeter %8.3f" (name s) (show s) (area s) (perimeter s)

-- records of one shape: derived Eq/Ord/Show of each are alike code
data P1 = P1 { p1a :: !Int, p1b :: !Int } deriving (Show, Eq, Ord)
data P2 = P2 { p2a :: !Int, p2b :: !Int } deriving (Show, Eq, Ord)
data P3 = P3 { p3a :: !Int, p3b :: !Int } deriving (Show, Eq, Ord)
data P4 = P4 { p4a :: Int, p4b :: Int } deriving (Show, Eq, Ord)
newtype W1 = W1 Int deriving (Show, Eq, Ord)
newtype W2 = W2 Int deriving (Show, Eq, Ord)

data Color = Red | Green | Blue | Cyan | Magenta | Yellow deriving (Show, Eq, Ord, Enum, Bounded)
data Suit = Hearts | Diamonds | Clubs | Spades deriving (Show, Eq, Ord, Enum, Bounded)
data Dir = North | East | South | West deriving (Show, Eq, Ord, Enum, Bounded)

class Monoidish a where
  unit :: a
  op :: a -> a -> a
newtype SumI = SumI Int deriving Show
newtype ProdI = ProdI Int deriving Show
newtype MaxI = MaxI Int deriving Show
newtype MinI = MinI Int deriving Show
instance Monoidish SumI where { unit = SumI 0; op (SumI a) (SumI b) = SumI (a + b) }
instance Monoidish ProdI where { unit = ProdI 1; op (ProdI a) (ProdI b) = ProdI (a * b `mod` 1000003) }
instance Monoidish MaxI where { unit = MaxI minBound; op (MaxI a) (MaxI b) = MaxI (max a b) }
instance Monoidish MinI where { unit = MinI maxBound; op (MinI a) (MinI b) = MinI (min a b) }

mconcatish :: Monoidish a => [a] -> a
mconcatish = foldl' op unit
{-# NOINLINE mconcatish #-}

data MyErr = MyErr String Int deriving Show
instance Exception MyErr

primes :: [Int]
primes = sieve [2 ..] where sieve (p : xs) = p : sieve [x | x <- xs, x `mod` p /= 0]

fibs :: [Integer]
fibs = 0 : 1 : zipWith (+) fibs (tail fibs)

wordFreq :: String -> M.Map String Int
wordFreq = foldl' (\m w -> M.insertWith (+) w 1 m) M.empty . words

main :: IO ()
main = do
  let shapes = [AnyShape (Circle 1.5), AnyShape (Square 2), AnyShape (Rect 2 3.5), AnyShape (Tri 3 4 5),
                AnyShape (Hexagon 1.25), AnyShape (Ellipse 2 1), AnyShape (scale 2 (Circle 0.5)),
                AnyShape (scale 3 (Tri 1 1 1)), AnyShape (scale 0.5 (Rect 4 8))]
  mapM_ (putStrLn . describe) shapes
  let ps1 = [P1 (i `mod` 7) (i * 3 `mod` 11) | i <- [1 .. 20]]
      ps2 = [P2 (i `mod` 7) (i * 3 `mod` 11) | i <- [1 .. 20]]
      ps3 = [P3 (i `mod` 5) (i * 7 `mod` 13) | i <- [1 .. 20]]
      ps4 = [P4 (i `mod` 5) (i * 7 `mod` 13) | i <- [1 .. 20]]
  print (maximum ps1, minimum ps2, maximum ps3, minimum ps4)
  print (length (filter (== P1 3 9) ps1), length (filter (== P2 3 9) ps2), compare (W1 3) (W1 4), W2 7 == W2 7)
  print ([minBound .. maxBound :: Color], [minBound .. maxBound :: Suit], [minBound .. maxBound :: Dir])
  print (map fromEnum [Red ..], succ Hearts, pred West, [North, South ..])
  let xs = [1 .. 200] :: [Int]
  print (mconcatish (map SumI xs), mconcatish (map ProdI xs), mconcatish (map MaxI xs), mconcatish (map MinI xs))
  print (take 25 primes, fibs !! 150)
  let freq = wordFreq (concat (replicate 5 "the quick brown fox jumps over the lazy dog and the cat "))
  print (M.toList freq)
  print (take 5 (sortBy (comparing (negate . snd)) (M.toList freq)))
  ref <- newIORef (0 :: Int)
  mapM_ (\i -> modifyIORef' ref (+ i * i)) [1 .. 1000]
  readIORef ref >>= print
  r1 <- try (evaluate (1 `div` (0 :: Int)))
  case r1 of
    Left DivideByZero -> putStrLn "caught divide by zero"
    Left e -> putStrLn ("caught " ++ show e)
    Right v -> print v
  r2 <- try (throwIO (MyErr "custom" 42))
  case r2 of
    Left (MyErr s n) -> putStrLn ("caught MyErr " ++ s ++ " " ++ show n)
    Right () -> putStrLn "no exception"
  r3 <- try (evaluate (head ([] :: [Int])))
  putStrLn (either (\(_ :: SomeException) -> "caught head []") show r3)
  r4 <- (evaluate (length [1 .. 100000 :: Int]) `finally` putStrLn "finally ran")
  print r4
  handle (\(ErrorCall m) -> putStrLn ("error call: " ++ m)) (evaluate (error "boom" :: Int) >>= print)
